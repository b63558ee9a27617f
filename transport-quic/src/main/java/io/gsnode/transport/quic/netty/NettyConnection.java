package io.gsnode.transport.quic.netty;

import io.gsnode.libp2p.connection.CongestionWindow;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.fatal.FatalErrors;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.transport.quic.QuicConnection;
import io.gsnode.transport.quic.tls.Libp2pTrustManager;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.QuicConnectionPathStats;
import io.netty.handler.codec.quic.QuicDatagramExtensionEvent;
import io.netty.handler.codec.quic.QuicException;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamLimitChangedEvent;
import io.netty.handler.codec.quic.QuicStreamType;
import io.netty.handler.codec.quic.QuicTransportError;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;

/**
 * A quiche QUIC connection as a libp2p connection. It is built when its {@link QuicChannel} is,
 * before the handshake ends, so that no stream the remote opens early is missed; it becomes usable
 * once {@link #handshake()} completes, which happens when TLS has verified the remote's libp2p
 * certificate on either side.
 *
 * <p>All state is confined to the channel's event loop, which is also {@link #executor()}.
 */
final class NettyConnection extends QuicConnection {

    private static final AttributeKey<NettyConnection> KEY = AttributeKey.valueOf(NettyConnection.class, "connection");

    private final QuicChannel quic;
    private final Libp2pTrustManager trust;
    private final long streamWindow;
    private final long maxQueuedBytes;
    private final Duration keepAlivePeriod;
    /** The congestion window quiche starts the connection with, bytes (CodecSettings). */
    private final long initialCongestionWindow;
    private final CompletableFuture<NettyConnection> handshake = new CompletableFuture<>();
    /** Opens waiting for the remote to allow another stream (MAX_STREAMS). */
    private final ArrayDeque<CompletableFuture<Stream>> pendingOpens = new ArrayDeque<>();
    private QuicConnectionCloseEvent remoteClose;
    private Throwable localFailure;
    private boolean closingLocally;
    private boolean datagramsAllowed;
    private ScheduledFuture<?> keepAlive;

    NettyConnection(QuicChannel quic, Direction direction, Libp2pTrustManager trust, long streamWindow, long maxQueuedBytes,
            Duration keepAlivePeriod, long initialCongestionWindow, Multiaddr localAddr, Multiaddr remoteAddr) {
        super(direction, quic.eventLoop(), localAddr, remoteAddr);
        this.quic = quic;
        this.trust = trust;
        this.streamWindow = streamWindow;
        this.maxQueuedBytes = maxQueuedBytes;
        this.keepAlivePeriod = keepAlivePeriod;
        this.initialCongestionWindow = initialCongestionWindow;
        quic.attr(KEY).set(this);
        quic.pipeline().addLast(new Events());
        quic.closeFuture().addListener(f -> onChannelClosed());
    }

    /**
     * Completes once the handshake is done and the remote's identity is bound; fails if the
     * connection closes first, with a {@link ProtocolViolation} of kind {@code SECURITY} when TLS
     * refused the remote or the remote refused us.
     */
    CompletableFuture<NettyConnection> handshake() {
        return handshake;
    }

    /**
     * Whether our side refused the remote in the TLS handshake: its certificate failed libp2p
     * verification, or it sent none. Only meaningful once {@link #handshake()} failed.
     */
    boolean refusedByUs() {
        return trust.failure() != null || localFailure instanceof SSLHandshakeException;
    }

    QuicChannel channel() {
        return quic;
    }

    /** Records why the handshake failed when the codec reports it outside the pipeline. */
    void noteFailure(Throwable cause) {
        if (localFailure == null) localFailure = cause;
    }

    // ----- streams -----

    /** Builds the stream object of each stream channel, on both sides. */
    static final class StreamInitializer extends ChannelInitializer<QuicStreamChannel> {
        @Override
        protected void initChannel(QuicStreamChannel channel) {
            NettyConnection connection = channel.parent().attr(KEY).get();
            if (connection == null || channel.type() != QuicStreamType.BIDIRECTIONAL) {
                // Cannot happen (the codec allows no unidirectional streams): drop it.
                channel.close();
                return;
            }
            if (!channel.isLocalCreated()) connection.onRemoteStream(channel);
        }
    }

    private void onRemoteStream(QuicStreamChannel channel) {
        acceptInbound(new NettyStream(this, channel, Direction.INBOUND, streamWindow, maxQueuedBytes));
    }

    @Override
    public CompletableFuture<Stream> openStream() {
        CompletableFuture<Stream> result = new CompletableFuture<>();
        runOnExecutor(() -> {
            if (!quic.isActive() || closingLocally) {
                result.completeExceptionally(new ClosedChannelException());
            } else if (!pendingOpens.isEmpty() || quic.peerAllowedStreams(QuicStreamType.BIDIRECTIONAL) <= 0) {
                // go-libp2p's OpenStream waits for credit likewise.
                pendingOpens.addLast(result);
            } else {
                open(result);
            }
        });
        return result;
    }

    private void open(CompletableFuture<Stream> result) {
        assert executor().inEventLoop();
        quic.createStream(QuicStreamType.BIDIRECTIONAL, new ChannelInitializer<QuicStreamChannel>() {
            @Override
            protected void initChannel(QuicStreamChannel channel) {
                result.complete(new NettyStream(NettyConnection.this, channel, Direction.OUTBOUND, streamWindow, maxQueuedBytes));
            }
        }).addListener((Future<QuicStreamChannel> f) -> {
            if (f.isSuccess() || result.isDone()) return;
            if (isStreamLimit(f.cause()) && quic.isActive()) {
                // Our count of the remote's credit was stale; wait for the next MAX_STREAMS.
                pendingOpens.addFirst(result);
            } else {
                result.completeExceptionally(f.cause());
            }
        });
    }

    private void openPending() {
        while (!pendingOpens.isEmpty() && quic.peerAllowedStreams(QuicStreamType.BIDIRECTIONAL) > 0) {
            open(pendingOpens.pollFirst());
        }
    }

    private static boolean isStreamLimit(Throwable cause) {
        return cause instanceof QuicException q && q.error() == QuicTransportError.STREAM_LIMIT_ERROR;
    }

    /** Why a stream ended before both sides finished it: its connection's end, if that is what happened. */
    Throwable streamEndCause(NettyStream stream) {
        if (quic.isOpen()) return new IOException("QUIC stream " + stream.id() + " closed before both sides finished it");
        return closeCause();
    }

    // ----- congestion -----

    /**
     * quiche's congestion window of the active path ({@code collectPathStats(0).cwnd()}, as
     * {@link PacingHandler} reads it), next to the configured initial window
     * ({@link CodecSettings#initialCongestionWindowBytes}).
     */
    @Override
    public CompletableFuture<CongestionWindow> congestionWindow() {
        CompletableFuture<CongestionWindow> result = new CompletableFuture<>();
        runOnExecutor(() -> {
            if (!quic.isOpen()) {
                result.complete(CongestionWindow.unreadable("unreadable: connection closed"));
                return;
            }
            // On the channel's loop the statistics are read at once; the listener runs there too.
            quic.collectPathStats(0).addListener((Future<QuicConnectionPathStats> f) -> result.complete(f.isSuccess()
                    ? new CongestionWindow(f.getNow().cwnd(), initialCongestionWindow, "quiche")
                    : CongestionWindow.unreadable("unreadable: quiche path stats failed: " + f.cause())));
        });
        return result;
    }

    // ----- lifecycle -----

    @Override
    public CompletableFuture<Void> close() {
        runOnExecutor(() -> {
            closingLocally = true;
            quic.close();
        });
        return closeFuture();
    }

    private void onHandshakeDone() {
        if (trust.remoteIdentity() == null) {
            // A resumed session skips the certificate check; we never resume, so refuse rather than trust.
            localFailure = new SSLHandshakeException("QUIC handshake ended without verifying the remote's libp2p certificate");
            quic.close();
            return;
        }
        bindIdentity(trust.remoteIdentity(), true);
        if (datagramsAllowed) startKeepAlive();
        handshake.complete(this);
    }

    private void onChannelClosed() {
        if (keepAlive != null) keepAlive.cancel(false);
        Throwable cause = closeCause();
        CompletableFuture<Stream> pending;
        while ((pending = pendingOpens.pollFirst()) != null) pending.completeExceptionally(cause);
        if (!handshake.isDone()) handshake.completeExceptionally(handshakeFailure());
        closed();
    }

    /** The first reason that applies, most specific first. */
    private Throwable handshakeFailure() {
        if (trust.failure() != null) {
            return new ProtocolViolation(FailureKind.SECURITY, trust.failure().getMessage(), trust.failure());
        }
        if (localFailure instanceof SSLHandshakeException) {
            return new ProtocolViolation(FailureKind.SECURITY, "TLS handshake with " + remoteAddr() + " failed: "
                    + localFailure.getMessage(), localFailure);
        }
        if (remoteClose != null && remoteClose.isTlsError()) {
            return new ProtocolViolation(FailureKind.SECURITY, remoteAddr() + " aborted the TLS handshake with alert "
                    + QuicConnectionCloseEvent.extractTlsError(remoteClose.error()));
        }
        return new IOException("QUIC handshake with " + remoteAddr() + " did not complete: " + closeCause().getMessage(),
                localFailure);
    }

    private IOException closeCause() {
        if (remoteClose != null) {
            String code = remoteClose.isTlsError()
                    ? "TLS alert " + QuicConnectionCloseEvent.extractTlsError(remoteClose.error())
                    : (remoteClose.isApplicationClose() ? "application" : "transport") + " error " + remoteClose.error();
            return new IOException("QUIC connection closed by the remote (" + code + ")");
        }
        if (closingLocally) return new IOException("QUIC connection closed locally");
        if (quic.isTimedOut()) return new IOException("QUIC connection idle for longer than the idle timeout");
        if (localFailure != null) return new IOException("QUIC connection failed: " + localFailure.getMessage(), localFailure);
        return new IOException("QUIC connection closed");
    }

    // ----- keep-alive -----

    /**
     * quic-go pings a quiet connection every 15 s and Kwik's dialer pings as it is told; quiche has
     * no PING on request, so an ack-eliciting one-byte DATAGRAM does the job, where the remote
     * accepts DATAGRAM frames (other netty engines and Kwik's listener do). Remotes that do not (go)
     * ping us instead.
     */
    private void startKeepAlive() {
        long period = keepAlivePeriod.toMillis();
        keepAlive = executor().scheduleAtFixedRate(() -> {
            if (quic.isActive()) quic.writeAndFlush(quic.alloc().directBuffer(1).writeByte(0));
        }, period, period, TimeUnit.MILLISECONDS);
    }

    /** The connection channel's events, in order, on the event loop. */
    private final class Events extends ChannelInboundHandlerAdapter {

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            // Both sides: quiche says the handshake is established, so the peer's certificate was checked.
            onHandshakeDone();
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf datagram) {
                // A keep-alive DATAGRAM: it did its job by arriving.
                datagram.release();
            } else {
                // A stream the remote opened: the pipeline's tail registers it with StreamInitializer.
                ctx.fireChannelRead(msg);
            }
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof QuicStreamLimitChangedEvent) {
                openPending();
            } else if (event instanceof QuicDatagramExtensionEvent) {
                datagramsAllowed = true;
                if (handshake.isDone() && keepAlive == null) startKeepAlive();
            } else if (event instanceof QuicConnectionCloseEvent close) {
                remoteClose = close;
            } else if (event instanceof SslHandshakeCompletionEvent done && !done.isSuccess()) {
                noteFailure(done.cause());
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            FatalErrors.escalate(cause);
            noteFailure(cause);
        }
    }
}
