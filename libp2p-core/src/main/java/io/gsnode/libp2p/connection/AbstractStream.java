package io.gsnode.libp2p.connection;

import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * The part of a stream that every muxer shares: handler dispatch, data held until a handler is
 * set, bytes pushed back by negotiation, and the thread hop onto the stream's executor.
 * Subclasses move bytes; they call the {@code deliver*} methods on the executor and implement the
 * {@code do*} methods, which are always called on the executor.
 */
public abstract class AbstractStream implements Stream {

    /** Bytes waiting for a handler. {@code counted} bytes were already reported as consumed. */
    private record Held(ByteBuf data, boolean counted) {}

    private final Direction direction;
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private StreamHandler handler;
    private String protocol;
    private boolean remoteClosedPending;
    private Throwable resetPending;
    private boolean finished;
    private boolean paused;

    protected AbstractStream(Direction direction) {
        this.direction = direction;
    }

    @Override
    public Direction direction() {
        return direction;
    }

    @Override
    public String protocol() {
        return protocol;
    }

    @Override
    public void setProtocol(String protocol) {
        this.protocol = protocol;
    }

    @Override
    public void setHandler(StreamHandler newHandler) {
        if (!executor().inEventLoop()) {
            executor().execute(() -> setHandler(newHandler));
            return;
        }
        handler = newHandler;
        drainHeld();
    }

    @Override
    public void unread(ByteBuf data) {
        assert executor().inEventLoop();
        if (data.isReadable()) {
            held.addFirst(new Held(data, true));
        } else {
            data.release();
        }
    }

    @Override
    public CompletableFuture<Void> write(ByteBuf data) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (executor().inEventLoop()) {
            doWrite(data, done);
        } else {
            executor().execute(() -> doWrite(data, done));
        }
        return done;
    }

    @Override
    public void closeWrite() {
        if (executor().inEventLoop()) doCloseWrite();
        else executor().execute(this::doCloseWrite);
    }

    @Override
    public void reset() {
        if (executor().inEventLoop()) doReset();
        else executor().execute(this::doReset);
    }

    @Override
    public void pauseReading() {
        assert executor().inEventLoop();
        paused = true;
    }

    @Override
    public void resumeReading() {
        assert executor().inEventLoop();
        paused = false;
        drainHeld();
    }

    @Override
    public abstract EventExecutor executor();

    /** Hands received bytes to the handler, or holds them until one is set. Takes ownership. */
    protected final void deliverData(ByteBuf data) {
        if (finished) {
            data.release();
            return;
        }
        if (handler == null || paused || !held.isEmpty()) {
            held.addLast(new Held(data, false));
            drainHeld();
            return;
        }
        dispatch(data, false);
    }

    protected final void deliverRemoteClose() {
        remoteClosedPending = true;
        drainHeld();
    }

    protected final void deliverReset(Throwable cause) {
        if (finished) return;
        resetPending = cause;
        // A reset discards what has not been read: there is nobody left to read it.
        if (handler == null) {
            releaseHeld();
        }
        drainHeld();
    }

    /** Writes {@code data} as flow control allows; completes {@code done} when handed to the transport. */
    protected abstract void doWrite(ByteBuf data, CompletableFuture<Void> done);

    protected abstract void doCloseWrite();

    protected abstract void doReset();

    /** The handler has taken {@code bytes} bytes: the muxer may grant the remote that much window again. */
    protected abstract void consumed(int bytes);

    private void drainHeld() {
        while (handler != null && !paused && !held.isEmpty() && !finished) {
            Held next = held.pollFirst();
            dispatch(next.data(), next.counted());
        }
        if (handler == null || paused || finished || !held.isEmpty()) {
            return;
        }
        if (resetPending != null) {
            finished = true;
            handler.onReset(this, resetPending);
        } else if (remoteClosedPending) {
            remoteClosedPending = false;
            handler.onRemoteClose(this);
        }
    }

    private void dispatch(ByteBuf data, boolean counted) {
        int bytes = data.readableBytes();
        try {
            handler.onData(this, data);
        } finally {
            data.release();
            if (!counted) {
                consumed(bytes);
            }
        }
    }

    private void releaseHeld() {
        Held h;
        while ((h = held.pollFirst()) != null) {
            h.data().release();
        }
    }
}
