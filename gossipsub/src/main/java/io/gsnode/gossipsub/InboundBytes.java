package io.gsnode.gossipsub;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of RPCs that all inbound streams together have decoded for the router and it has not
 * handled yet: the router-wide bound beside each stream's {@link InboundBacklog}. go-libp2p-pubsub
 * puts every peer's RPCs into one bounded channel; here each stream stops at 32 RPCs, and all of
 * them stop decoding while this holds {@link #DEFAULT_PAUSE_AT} bytes, so many peers sending the
 * largest RPCs at once cannot make the router's queue hold more (each stream keeps the rest of its
 * read as bytes within its flow-control window). They decode again once the router has worked the
 * bytes down to half. An honest cell's node is far below it: a few MiB arrive at a time.
 */
final class InboundBytes {

    static final long DEFAULT_PAUSE_AT = 64L << 20;

    private final long pauseAt;
    private final long resumeAt;
    private final AtomicLong queued = new AtomicLong();
    private final Set<InboundBacklog> waiting = ConcurrentHashMap.newKeySet();

    InboundBytes(long pauseAt) {
        this.pauseAt = pauseAt;
        this.resumeAt = pauseAt / 2;
    }

    /** On a stream's executor, as an RPC of {@code bytes} is queued for the router. */
    void add(long bytes) {
        queued.addAndGet(bytes);
    }

    boolean full() {
        return queued.get() >= pauseAt;
    }

    /** On the router thread, once an RPC of {@code bytes} was handled: wakes the waiting streams below half. */
    void remove(long bytes) {
        if (queued.addAndGet(-bytes) < resumeAt && !waiting.isEmpty()) {
            for (InboundBacklog b : waiting) {
                if (waiting.remove(b)) b.sharedDrained();
            }
        }
    }

    /** {@code backlog} stopped because the router is full: it hears {@link InboundBacklog#sharedDrained} once it is not. */
    void await(InboundBacklog backlog) {
        waiting.add(backlog);
        // The router may have drained between the stream's check and its registration.
        if (queued.get() < resumeAt && waiting.remove(backlog)) backlog.sharedDrained();
    }
}
