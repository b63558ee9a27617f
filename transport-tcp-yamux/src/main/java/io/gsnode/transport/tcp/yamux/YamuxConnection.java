package io.gsnode.transport.tcp.yamux;

import io.gsnode.libp2p.connection.CongestionWindow;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.fatal.FatalErrors;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.epoll.EpollTcpInfo;
import io.netty.channel.local.LocalChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A yamux session over a secured channel, and the {@link Connection} the host sees. It sits at the
 * end of the pipeline, behind a {@link YamuxFrameDecoder}. The dialer's streams have odd IDs, the
 * listener's even ones. Everything runs on the channel's event loop.
 */
public final class YamuxConnection extends ChannelInboundHandlerAdapter implements Connection {

    private static final Logger log = LoggerFactory.getLogger(YamuxConnection.class);

    /**
     * Past this many bytes waiting for the socket the connection is closed: streams stop sending
     * at the channel's high-water mark well before, so only unanswered control traffic gets here.
     */
    static final long MAX_OUTBOUND_BYTES = 1 << 20;

    /**
     * Linux's {@code TCP_INIT_CWND} (include/net/tcp.h): every connection starts with a congestion
     * window of 10 segments (RFC 6928). A route's {@code initcwnd} ({@code ip route ... initcwnd N})
     * overrides it, and this reading does not see that.
     */
    static final int LINUX_INITIAL_WINDOW_SEGMENTS = 10;

    /** What the security handshake established about this connection. */
    public record Identity(PeerId remotePeer, PubKey remoteKey, String security, boolean authenticated) {}

    private final Channel channel;
    private final Identity identity;
    private final Direction direction;
    private final YamuxConfig config;
    private final ConnectionLimits limits;
    private final Multiaddr localAddr;
    private final Multiaddr remoteAddr;
    private final Map<Integer, YamuxStream> streams = new HashMap<>();
    private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();
    private Consumer<Stream> acceptor = stream -> stream.reset();
    private int nextStreamId;
    private boolean remoteGoneAway;
    private boolean closing;
    /**
     * Inside a read: frames written meanwhile leave at its end ({@link #channelReadComplete}).
     * Outside one (a paused stream resuming, a handler set late) a control frame is flushed at
     * once, or a window update could wait for a read that the remote, out of window, never sends.
     */
    private boolean reading;

    private int pingId;
    private long pingSentNanos;
    private boolean pingOutstanding;
    private long rttNanos;
    private ScheduledFuture<?> keepAlive;

    public YamuxConnection(Channel channel, Identity identity, Direction direction, YamuxConfig config,
            ConnectionLimits limits, Multiaddr localAddr, Multiaddr remoteAddr) {
        this.channel = channel;
        this.identity = identity;
        this.direction = direction;
        this.config = config;
        this.limits = limits;
        this.localAddr = localAddr;
        this.remoteAddr = remoteAddr;
        this.nextStreamId = direction == Direction.OUTBOUND ? 1 : 2;
    }

    /** The decoder that must sit right in front of this handler. */
    public YamuxFrameDecoder newDecoder() {
        return new YamuxFrameDecoder(config.maxWindow(), this::allowedData);
    }

    /** Runs on the event loop, in the decoder: a new stream gets the initial window, a known one what it has left. */
    private long allowedData(int streamId, int flags) {
        YamuxStream stream = streams.get(streamId);
        if (stream != null) return stream.receiveWindowLeft();
        if ((flags & YamuxFrame.FLAG_SYN) != 0) return YamuxConfig.SPEC_INITIAL_WINDOW;
        return YamuxFrameDecoder.Windows.UNKNOWN_STREAM;
    }

    // ----- Connection -----

    @Override
    public PeerId remotePeer() {
        return identity.remotePeer();
    }

    @Override
    public PubKey remotePublicKey() {
        return identity.remoteKey();
    }

    @Override
    public Multiaddr remoteAddr() {
        return remoteAddr;
    }

    @Override
    public Multiaddr localAddr() {
        return localAddr;
    }

    @Override
    public Direction direction() {
        return direction;
    }

    @Override
    public String security() {
        return identity.security();
    }

    @Override
    public String muxer() {
        return "yamux";
    }

    @Override
    public boolean authenticated() {
        return identity.authenticated();
    }

    @Override
    public EventExecutor executor() {
        return channel.eventLoop();
    }

    /**
     * On epoll, the kernel's {@code tcp_info} for the socket, read on the event loop: the window is
     * {@code tcpi_snd_cwnd} segments of {@code tcpi_snd_mss} bytes, and the initial window
     * {@link #LINUX_INITIAL_WINDOW_SEGMENTS} segments of the same MSS. The kernel counts the window
     * in segments, so both are scaled by the MSS now: it can differ from the one at the start (on
     * loopback it was seen at 32,768 right after the handshake and 65,483 after a transfer),
     * and {@code bytes > initialBytes} says exactly that the window is past 10 segments. NIO has no
     * {@code tcp_info}.
     *
     * <p>Linux applies the idle restart ({@code net.ipv4.tcp_slow_start_after_idle}: a window idle
     * for longer than one RTO falls back towards the initial window) lazily, when the next segment
     * is sent; a reading taken after an idle gap and before any send shows the window from before
     * that restart, not the one the next burst will get.
     */
    @Override
    public CompletableFuture<CongestionWindow> congestionWindow() {
        CompletableFuture<CongestionWindow> result = new CompletableFuture<>();
        if (executor().inEventLoop()) {
            result.complete(readCongestionWindow());
            return result;
        }
        try {
            executor().execute(() -> result.complete(readCongestionWindow()));
        } catch (RejectedExecutionException stopped) {
            result.complete(CongestionWindow.unreadable("unreadable: event loop stopped"));
        }
        return result;
    }

    private CongestionWindow readCongestionWindow() {
        if (channel instanceof EpollSocketChannel epoll) {
            if (!epoll.isOpen()) return CongestionWindow.unreadable("unreadable: connection closed");
            try {
                EpollTcpInfo info = epoll.tcpInfo();
                long mss = info.sndMss();
                return new CongestionWindow(info.sndCwnd() * mss, LINUX_INITIAL_WINDOW_SEGMENTS * mss, "tcp_info");
            } catch (RuntimeException e) {
                return CongestionWindow.unreadable("unreadable: tcp_info failed: " + e.getMessage());
            }
        }
        if (channel instanceof LocalChannel) return CongestionWindow.unreadable("unreadable: in-memory");
        return CongestionWindow.unreadable("unreadable: nio (run with --epoll)");
    }

    @Override
    public void setInboundStreamAcceptor(Consumer<Stream> acceptor) {
        this.acceptor = acceptor;
    }

    @Override
    public CompletableFuture<Stream> openStream() {
        CompletableFuture<Stream> result = new CompletableFuture<>();
        if (executor().inEventLoop()) {
            openStream0(result);
        } else {
            executor().execute(() -> openStream0(result));
        }
        return result;
    }

    private void openStream0(CompletableFuture<Stream> result) {
        if (closing || !channel.isActive()) {
            result.completeExceptionally(new ClosedChannelException());
        } else if (remoteGoneAway) {
            result.completeExceptionally(new IllegalStateException("remote sent go-away: no new streams"));
        } else if (streams.size() >= limits.maxStreamsPerConnection()) {
            result.completeExceptionally(new IllegalStateException(
                    "stream limit of " + limits.maxStreamsPerConnection() + " reached on " + this));
        } else {
            YamuxStream stream = new YamuxStream(this, nextStreamId, Direction.OUTBOUND);
            nextStreamId += 2;
            streams.put(stream.id(), stream);
            stream.open();
            flush();
            result.complete(stream);
        }
    }

    @Override
    public CompletableFuture<Void> close() {
        if (executor().inEventLoop()) {
            close0();
        } else {
            executor().execute(this::close0);
        }
        return closeFuture;
    }

    private void close0() {
        if (closing) return;
        closing = true;
        channel.writeAndFlush(YamuxFrame.header(channel.alloc(), YamuxFrame.TYPE_GO_AWAY, 0, 0, YamuxFrame.GO_AWAY_NORMAL))
                .addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public CompletableFuture<Void> closeFuture() {
        return closeFuture;
    }

    // ----- Netty -----

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel.closeFuture().addListener(f -> onChannelClosed());
        // An RTT sample right away lets stream windows grow from the first transfer, as go's measureRTT does.
        sendPing();
        long interval = config.keepAliveInterval().toNanos();
        keepAlive = ctx.executor().scheduleAtFixedRate(this::keepAliveTick, interval, interval, TimeUnit.NANOSECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        reading = true;
        YamuxFrame frame = (YamuxFrame) msg;
        switch (frame.type()) {
            case YamuxFrame.TYPE_DATA, YamuxFrame.TYPE_WINDOW_UPDATE -> onStreamFrame(frame);
            case YamuxFrame.TYPE_PING -> onPing(frame);
            default -> onGoAway(frame);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        reading = false;
        ctx.flush();
    }

    /** Streams stop sending while the socket's outbound buffer is full; they go on once it drained. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (channel.isWritable()) {
            for (YamuxStream s : new ArrayList<>(streams.values())) s.resumeSending();
        }
        ctx.fireChannelWritabilityChanged();
    }

    private void onStreamFrame(YamuxFrame frame) {
        YamuxStream stream = streams.get(frame.streamId());
        if (frame.has(YamuxFrame.FLAG_SYN)) {
            if (stream != null) {
                frame.release();
                throw new YamuxException("yamux SYN for stream " + frame.streamId() + ", which is already open");
            }
            stream = acceptStream(frame);
            if (stream == null) {
                frame.release();
                return;
            }
        } else if (stream == null) {
            // A stream we already closed or reset: late frames are normal, drop them.
            frame.release();
            return;
        }
        if (frame.type() == YamuxFrame.TYPE_DATA) {
            stream.onData(frame);
        } else {
            stream.onWindowUpdate(frame);
        }
    }

    private YamuxStream acceptStream(YamuxFrame frame) {
        int id = frame.streamId();
        boolean remoteIsDialer = direction == Direction.INBOUND;
        if (id == 0 || ((id & 1) == 1) != remoteIsDialer) {
            throw new YamuxException("yamux stream " + id + " opened with the wrong parity by the "
                    + (remoteIsDialer ? "dialer" : "listener"));
        }
        if (closing || streams.size() >= limits.maxStreamsPerConnection()) {
            log.debug("refusing yamux stream {} from {}: {} streams open", id, remotePeer(), streams.size());
            sendControl(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_RST, id, 0);
            return null;
        }
        YamuxStream stream = new YamuxStream(this, id, Direction.INBOUND);
        streams.put(id, stream);
        stream.acknowledge();
        acceptor.accept(stream);
        return stream;
    }

    private void onPing(YamuxFrame frame) {
        int value = (int) frame.length();
        if (frame.has(YamuxFrame.FLAG_SYN)) {
            // A peer that pings without reading our answers must not grow our outbound buffer: while
            // it is full, pings go unanswered (the peer's keepalive then closes the session).
            if (!channel.isWritable()) return;
            sendControl(YamuxFrame.TYPE_PING, YamuxFrame.FLAG_ACK, 0, Integer.toUnsignedLong(value));
            flush();
        } else if (frame.has(YamuxFrame.FLAG_ACK) && pingOutstanding && value == pingId) {
            pingOutstanding = false;
            rttNanos = System.nanoTime() - pingSentNanos;
        }
    }

    private void onGoAway(YamuxFrame frame) {
        remoteGoneAway = true;
        if (frame.length() != YamuxFrame.GO_AWAY_NORMAL) {
            log.info("{} sent go-away with error code {}", remotePeer(), frame.length());
        }
    }

    private void keepAliveTick() {
        if (pingOutstanding) {
            log.info("closing connection to {}: keepalive ping unanswered for {}", remotePeer(), config.keepAliveInterval());
            channel.close();
            return;
        }
        sendPing();
    }

    private void sendPing() {
        pingId++;
        pingOutstanding = true;
        pingSentNanos = System.nanoTime();
        sendControl(YamuxFrame.TYPE_PING, YamuxFrame.FLAG_SYN, 0, Integer.toUnsignedLong(pingId));
        flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        FatalErrors.escalate(cause);
        // The frame decoder's errors arrive wrapped in a DecoderException.
        Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (root instanceof YamuxException && channel.isActive() && !closing) {
            closing = true;
            channel.writeAndFlush(YamuxFrame.header(channel.alloc(), YamuxFrame.TYPE_GO_AWAY, 0, 0,
                    YamuxFrame.GO_AWAY_PROTOCOL_ERROR));
        }
        ctx.fireExceptionCaught(cause);
    }

    private void onChannelClosed() {
        if (keepAlive != null) keepAlive.cancel(false);
        ClosedChannelException cause = new ClosedChannelException();
        for (YamuxStream s : new ArrayList<>(streams.values())) s.terminate(cause);
        closeFuture.complete(null);
    }

    // ----- for streams -----

    YamuxConfig config() {
        return config;
    }

    ConnectionLimits limits() {
        return limits;
    }

    long rttNanos() {
        return rttNanos;
    }

    /** Whether data may go to the socket now; when not, streams wait for {@link #channelWritabilityChanged}. */
    boolean writable() {
        return channel.isWritable();
    }

    void forget(YamuxStream stream) {
        streams.remove(stream.id(), stream);
    }

    void sendControl(int type, int flags, int streamId, long length) {
        if (outboundBufferedBytes() > MAX_OUTBOUND_BYTES) {
            // Data already waits for the socket to drain; only a peer that keeps asking for
            // control frames (stream opens past the limit, say) while it reads nothing gets here.
            if (!closing) {
                log.info("closing connection to {}: {} bytes wait for a peer that does not read", remotePeer(), outboundBufferedBytes());
                closing = true;
                channel.close();
            }
            return;
        }
        channel.write(YamuxFrame.header(channel.alloc(), type, flags, streamId, length));
        if (!reading) channel.flush();
    }

    /** Bytes written to the connection and not yet taken by the socket. */
    public long outboundBufferedBytes() {
        ChannelOutboundBuffer buffer = channel.unsafe().outboundBuffer();
        return buffer == null ? 0 : buffer.totalPendingWriteBytes();
    }

    /** One message for header and payload, so that the Noise layer seals both in one frame. */
    void sendData(int streamId, int flags, ByteBuf payload) {
        ByteBuf header = YamuxFrame.header(channel.alloc(), YamuxFrame.TYPE_DATA, flags, streamId, payload.readableBytes());
        channel.write(Unpooled.wrappedBuffer(header, payload));
    }

    void flush() {
        channel.flush();
    }

    @Override
    public String toString() {
        return "yamux[" + direction.wireName() + " " + remoteAddr + " " + remotePeer() + "]";
    }
}
