package io.gsnode.transport.tcp.yamux;

import io.gsnode.libp2p.connection.AbstractStream;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.EventExecutor;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * One yamux stream. Sending: bytes queue until the remote's window allows them, and go out in
 * data frames of at most {@link YamuxConfig#maxFramePayload()}. Receiving: window updates follow
 * go-yamux's, amounts included, so that any sender sees from gsnode what it sees from a go
 * receiver (see {@link #consumed}). All state is confined to the connection's event loop.
 */
final class YamuxStream extends AbstractStream {

    private record PendingWrite(ByteBuf data, CompletableFuture<Void> done) {}

    private final YamuxConnection session;
    private final int id;
    private final ArrayDeque<PendingWrite> pending = new ArrayDeque<>();
    private long pendingBytes;
    private long sendWindow = YamuxConfig.SPEC_INITIAL_WINDOW;

    /** The window we aim to offer; grows up to the configured maximum. */
    private long recvWindow;
    /**
     * How much the remote may still send by our books (go-yamux's {@code cap}); we accept up to
     * this. The remote's own view can be smaller, see {@link #consumed}.
     */
    private long recvGranted = YamuxConfig.SPEC_INITIAL_WINDOW;
    /** Received, not yet consumed by a handler. */
    private long recvBuffered;
    private long epochStartNanos = System.nanoTime();

    private boolean synSent;
    private boolean ackPending;
    private boolean localClosed;
    private boolean remoteClosed;
    private boolean closed;

    YamuxStream(YamuxConnection session, int id, Direction direction) {
        super(direction);
        this.session = session;
        this.id = id;
        this.recvWindow = YamuxConfig.SPEC_INITIAL_WINDOW;
        this.ackPending = direction == Direction.INBOUND;
    }

    int id() {
        return id;
    }

    @Override
    public Connection connection() {
        return session;
    }

    @Override
    public EventExecutor executor() {
        return session.executor();
    }

    /** Sends the opening SYN (a window update of zero, as go does). */
    void open() {
        synSent = true;
        session.sendControl(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_SYN, id, 0);
    }

    /** Accepts a stream the remote opened. */
    void acknowledge() {
        if (ackPending) {
            ackPending = false;
            session.sendControl(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_ACK, id, 0);
        }
    }

    // ----- inbound frames, from the session -----

    void onData(YamuxFrame frame) {
        long length = frame.length();
        if (length > recvGranted) {
            frame.release();
            throw new YamuxException("yamux stream " + id + " overran its receive window: " + length
                    + " bytes sent, " + recvGranted + " allowed");
        }
        recvGranted -= length;
        if (remoteClosed || closed) {
            // Data after FIN or on a reset stream: drop it, but the window was honoured.
            frame.release();
            return;
        }
        recvBuffered += length;
        if (length > 0) {
            deliverData(frame.data());
        } else {
            frame.release();
        }
        onFlags(frame.flags());
    }

    void onWindowUpdate(YamuxFrame frame) {
        onFlags(frame.flags());
        if (frame.length() > 0) {
            sendWindow += frame.length();
            flush();
        }
    }

    /** What the remote may still send on this stream before our next window update. */
    long receiveWindowLeft() {
        return recvGranted;
    }

    /** The socket drained below its low-water mark: send what waited for it. */
    void resumeSending() {
        if (!pending.isEmpty()) flush();
    }

    private void onFlags(int flags) {
        if ((flags & YamuxFrame.FLAG_RST) != 0) {
            terminate(new StreamResetException("yamux stream " + id + " reset by the remote"));
            return;
        }
        if ((flags & YamuxFrame.FLAG_FIN) != 0 && !remoteClosed) {
            remoteClosed = true;
            deliverRemoteClose();
            if (localClosed) finish();
        }
    }

    /** The session is gone: fail everything. */
    void terminate(Throwable cause) {
        if (closed) return;
        closed = true;
        failPending(cause);
        session.forget(this);
        deliverReset(cause);
    }

    // ----- flow control -----

    /**
     * go-yamux's window update, step for step ({@code Stream.sendWindowUpdate}, v5.0 and v5.1):
     * once half the window has been consumed, the remote's credit is topped up to the window; if
     * the previous update is less than four round trips old, the window doubles and the credit is
     * topped up to the new window. go credits both top-ups but announces only the second (its
     * delta is overwritten), so after every growth the sender's window is the first top-up smaller
     * than the receiver's books. In a 1 MiB copy over a long path that costs a go sender a round
     * trip; a go sender sees the same from gsnode as from a go receiver, and the report's numbers
     * were made with it (docs/wire.md §4). It cannot stall a stream: right after a growth to 2W
     * the credit the sender does not know of is W minus what it still had, at most half the new
     * window, so a sender out of credit always gets the next update once its bytes are read.
     */
    @Override
    protected void consumed(int bytes) {
        recvBuffered -= bytes;
        if (closed || remoteClosed) return;
        long current = recvGranted + recvBuffered;
        if (current >= recvWindow || recvWindow - current < recvWindow / 2) return;
        long topUp = recvWindow - current;
        recvGranted += topUp;
        long announced = topUp;
        long now = System.nanoTime();
        long rtt = session.rttNanos();
        if (rtt > 0 && now - epochStartNanos < 4 * rtt && recvWindow < session.config().maxWindow()) {
            long growth = Math.min(recvWindow * 2, session.config().maxWindow()) - recvWindow;
            recvWindow += growth;
            recvGranted += growth;
            announced = growth;
        }
        epochStartNanos = now;
        session.sendControl(YamuxFrame.TYPE_WINDOW_UPDATE, takeFlags(), id, announced);
    }

    /** SYN or ACK when this stream has not said it yet; they ride on the next frame. */
    private int takeFlags() {
        int flags = 0;
        if (!synSent && direction() == Direction.OUTBOUND) {
            synSent = true;
            flags |= YamuxFrame.FLAG_SYN;
        }
        if (ackPending) {
            ackPending = false;
            flags |= YamuxFrame.FLAG_ACK;
        }
        return flags;
    }

    // ----- writes -----

    @Override
    protected void doWrite(ByteBuf data, CompletableFuture<Void> done) {
        if (closed || localClosed) {
            data.release();
            done.completeExceptionally(new ClosedChannelException());
            return;
        }
        long limit = session.limits().maxBufferedBytesPerStream();
        if (pendingBytes + data.readableBytes() > limit) {
            data.release();
            done.completeExceptionally(new ProtocolViolation(FailureKind.LIMIT, "yamux stream " + id + " write queue would exceed "
                    + limit + " bytes; wait for earlier writes to complete"));
            return;
        }
        pending.addLast(new PendingWrite(data, done));
        pendingBytes += data.readableBytes();
        flush();
    }

    private void flush() {
        boolean wrote = false;
        while (!pending.isEmpty() && sendWindow > 0 && !closed && session.writable()) {
            PendingWrite head = pending.peekFirst();
            int chunk = (int) Math.min(Math.min(head.data().readableBytes(), sendWindow), session.config().maxFramePayload());
            session.sendData(id, takeFlags(), head.data().readRetainedSlice(chunk));
            sendWindow -= chunk;
            pendingBytes -= chunk;
            wrote = true;
            if (!head.data().isReadable()) {
                pending.pollFirst();
                head.data().release();
                head.done().complete(null);
            }
        }
        if (pending.isEmpty() && localClosed && !closed) {
            wrote |= sendFin();
        }
        if (wrote) session.flush();
    }

    @Override
    protected void doCloseWrite() {
        if (localClosed || closed) return;
        localClosed = true;
        if (pending.isEmpty()) {
            sendFin();
            session.flush();
        }
    }

    private boolean sendFin() {
        session.sendControl(YamuxFrame.TYPE_WINDOW_UPDATE, takeFlags() | YamuxFrame.FLAG_FIN, id, 0);
        if (remoteClosed) finish();
        return true;
    }

    @Override
    protected void doReset() {
        if (closed) return;
        session.sendControl(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_RST, id, 0);
        terminate(new StreamResetException("yamux stream " + id + " reset locally"));
    }

    /** Both sides closed their write side and everything was sent: the stream is done. */
    private void finish() {
        if (closed || !pending.isEmpty()) return;
        closed = true;
        session.forget(this);
    }

    private void failPending(Throwable cause) {
        PendingWrite w;
        while ((w = pending.pollFirst()) != null) {
            w.data().release();
            w.done().completeExceptionally(cause);
        }
        pendingBytes = 0;
    }
}
