package io.gsnode.transport.quic.netty;

import io.gsnode.libp2p.connection.AbstractStream;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.fatal.FatalErrors;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelOutputShutdownException;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamFrame;
import io.netty.handler.codec.quic.QuicStreamResetException;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;

/**
 * A quiche stream behind the event-driven stream SPI. The stream channel runs on its connection's
 * event loop, which is also this stream's executor, so no bytes change threads.
 *
 * <p>Reading: every buffer the channel reads goes to the handler, or is held until there is one.
 * While more than one stream window of those bytes waits for the handler, the channel stops
 * reading, so that quiche stops granting credit and QUIC flow control, not our heap, absorbs a
 * slow consumer (as {@code KwikStream} does). Writing: each write goes straight to the channel,
 * which hands it to quiche as the peer's credit allows; its future completes then. Bytes not yet
 * taken are bounded by the host's per-stream limit. The FIN is written as a frame behind the
 * queued data ({@code shutdownOutput()} would overtake it).
 *
 * <p>All state is confined to the event loop.
 */
final class NettyStream extends AbstractStream {

    /** RFC 9000 leaves application error codes to the application; libp2p uses 0 for a plain reset. */
    private static final int RESET_CODE = 0;

    private final NettyConnection connection;
    private final QuicStreamChannel channel;
    private final long readPauseBytes;
    private final long maxQueuedBytes;
    /** Read from the channel, not yet taken by a handler. */
    private long undelivered;
    /** Written, not yet taken by quiche. */
    private long queuedBytes;
    private boolean writeClosed;
    private boolean finSent;
    private boolean finReceived;
    private boolean terminated;

    NettyStream(NettyConnection connection, QuicStreamChannel channel, Direction direction, long streamWindow,
            long maxQueuedBytes) {
        super(direction);
        this.connection = connection;
        this.channel = channel;
        this.readPauseBytes = streamWindow;
        this.maxQueuedBytes = maxQueuedBytes;
        // A FIN from the remote ends its direction only: we may still write (libp2p half-close).
        channel.config().setAllowHalfClosure(true);
        channel.pipeline().addLast(new Events());
    }

    @Override
    public Connection connection() {
        return connection;
    }

    @Override
    public EventExecutor executor() {
        return channel.eventLoop();
    }

    long id() {
        return channel.streamId();
    }

    // ----- reading -----

    @Override
    protected void consumed(int bytes) {
        assert executor().inEventLoop();
        undelivered -= bytes;
        if (!terminated && !channel.config().isAutoRead() && undelivered <= readPauseBytes / 2) {
            // Resumes reading, and with it quiche's MAX_STREAM_DATA updates.
            channel.config().setAutoRead(true);
        }
    }

    private void onRead(ByteBuf data) {
        if (terminated) {
            data.release();
            return;
        }
        undelivered += data.readableBytes();
        deliverData(data);
        if (undelivered >= readPauseBytes && channel.config().isAutoRead()) {
            channel.config().setAutoRead(false);
        }
    }

    // ----- writing -----

    @Override
    protected void doWrite(ByteBuf data, CompletableFuture<Void> done) {
        assert executor().inEventLoop();
        if (terminated || writeClosed) {
            data.release();
            done.completeExceptionally(new ClosedChannelException());
            return;
        }
        int bytes = data.readableBytes();
        if (queuedBytes + bytes > maxQueuedBytes) {
            data.release();
            done.completeExceptionally(new ProtocolViolation(FailureKind.LIMIT, "QUIC stream " + id()
                    + " write queue would exceed " + maxQueuedBytes + " bytes; wait for earlier writes to complete"));
            return;
        }
        queuedBytes += bytes;
        channel.writeAndFlush(data).addListener((ChannelFuture f) -> {
            queuedBytes -= bytes;
            if (f.isSuccess()) {
                done.complete(null);
            } else {
                done.completeExceptionally(f.cause());
                onWriteFailed(f.cause());
            }
        });
    }

    /**
     * Writes the FIN in a task of its own, after the packets being read now. quiche counts a stream's
     * sending side complete once its bytes are acknowledged, whether or not a frame has carried the
     * FIN (quiche issue 2525): a FIN written here, while the read that asked for it goes on, waited for
     * the read's end to be sent, and an ACK of all the bytes later in the same read let quiche forget
     * the stream with the FIN unsent; the remote then had every byte and no end. Written from a task,
     * it goes out at once: quiche emits a FIN it queued after the bytes were acknowledged.
     */
    @Override
    protected void doCloseWrite() {
        assert executor().inEventLoop();
        if (terminated || writeClosed) return;
        writeClosed = true;
        executor().execute(this::writeFin);
    }

    private void writeFin() {
        if (terminated) return;
        channel.writeAndFlush(QuicStreamFrame.EMPTY_FIN).addListener((ChannelFuture f) -> {
            if (f.isSuccess()) {
                finSent = true;
            } else {
                onWriteFailed(f.cause());
            }
        });
    }

    /** The remote sent STOP_SENDING (it reset the stream or stopped reading): nothing we write arrives. */
    private void onWriteFailed(Throwable cause) {
        if (cause instanceof ChannelOutputShutdownException) {
            terminate(new IOException("QUIC stream " + id() + ": the remote stopped reading (" + cause.getMessage() + ")", cause));
            channel.close();
        }
    }

    // ----- reset and end -----

    @Override
    protected void doReset() {
        assert executor().inEventLoop();
        if (terminated) return;
        // RESET_STREAM and STOP_SENDING, as go-libp2p's Reset does.
        channel.shutdown(RESET_CODE).addListener(f -> channel.close());
        terminate(new IOException("QUIC stream " + id() + " reset locally"));
    }

    /** The stream or its connection is gone: tell the handler once. */
    private void terminate(Throwable cause) {
        if (terminated) return;
        terminated = true;
        deliverReset(cause);
    }

    private void onChannelClosed() {
        // Closed after both FINs is the normal end; anything else ended it early.
        if (!(finSent && finReceived)) {
            terminate(connection.streamEndCause(this));
        }
    }

    /** This stream's channel events, in order, on the event loop. */
    private final class Events extends ChannelInboundHandlerAdapter {

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            onRead((ByteBuf) msg);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof ChannelInputShutdownEvent && !finReceived) {
                finReceived = true;
                deliverRemoteClose();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            FatalErrors.escalate(cause);
            if (cause instanceof QuicStreamResetException reset) {
                terminate(new IOException("QUIC stream " + id() + " reset by the remote (error code "
                        + reset.applicationProtocolCode() + ")", cause));
            } else {
                terminate(new IOException("QUIC stream " + id() + " failed: " + cause.getMessage(), cause));
            }
            ctx.close();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            onChannelClosed();
        }
    }
}
