package io.gsnode.gossipsub;

import io.gsnode.libp2p.connection.Stream;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * RPCs that one inbound stream has queued for the router thread and the thread has not handled
 * yet. At {@link #PAUSE_AT} the stream stops reading and its reader stops decoding (the rest of the
 * read in hand waits as bytes), so the transport withholds the remote's flow-control credit: a peer
 * that sends faster than the router works queues at most {@link #PAUSE_AT} RPCs and holds one
 * window of bytes, where before the queue grew without end. At {@link #RESUME_AT} the reader
 * decodes what it held back and, unless that fills the backlog again, the stream reads again.
 * go-libp2p-pubsub does the same with its 32-slot incoming channel, whose full state blocks the
 * stream reader. All streams together are bounded in bytes too ({@link InboundBytes}).
 */
final class InboundBacklog {

    static final int PAUSE_AT = 32;
    static final int RESUME_AT = PAUSE_AT / 2;

    private final Stream stream;
    private final InboundBytes shared;
    private final AtomicInteger queued = new AtomicInteger();
    /**
     * Confined to the stream's executor: this stream's backlog is full; the router's is
     * ({@link InboundBytes}); the transport holds back. The reader decodes while neither is full.
     */
    private boolean paused;
    private boolean sharedFull;
    private boolean streamPaused;
    /** Decodes what the reader held back while paused; on the stream's executor. */
    private Runnable heldBack = () -> {};

    InboundBacklog(Stream stream, InboundBytes shared) {
        this.stream = stream;
        this.shared = shared;
    }

    /** What to run, before reading again, to decode the bytes the reader held back. */
    void onResume(Runnable decodeHeldBack) {
        this.heldBack = decodeHeldBack;
    }

    /** On the stream's executor: whether the router takes another RPC of this stream now. */
    boolean accepting() {
        return !paused && !sharedFull;
    }

    /** On the stream's executor, as an RPC of {@code bytes} is queued for the router. */
    void queued(int bytes) {
        shared.add(bytes);
        if (queued.incrementAndGet() >= PAUSE_AT && !paused) {
            paused = true;
            pauseStream();
        }
        if (!sharedFull && shared.full()) {
            sharedFull = true;
            pauseStream();
            shared.await(this);
        }
    }

    /** On the router thread, once the RPC of {@code bytes} was handled. */
    void handled(int bytes) {
        shared.remove(bytes);
        if (queued.decrementAndGet() == RESUME_AT) stream.executor().execute(this::resumeIfDrained);
    }

    /** Any thread: the router's bytes are below half again. */
    void sharedDrained() {
        stream.executor().execute(() -> {
            sharedFull = false;
            readAgain();
        });
    }

    private void resumeIfDrained() {
        if (paused && queued.get() <= RESUME_AT) {
            paused = false;
            readAgain();
        }
    }

    private void pauseStream() {
        if (!streamPaused) {
            streamPaused = true;
            stream.pauseReading();
        }
    }

    /** Decodes what was held back and, unless that filled a backlog again, lets the transport read. */
    private void readAgain() {
        if (!accepting()) return;
        heldBack.run();
        if (accepting() && streamPaused) {
            streamPaused = false;
            stream.resumeReading();
        }
    }
}
