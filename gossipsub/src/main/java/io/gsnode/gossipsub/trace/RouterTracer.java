package io.gsnode.gossipsub.trace;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;

/**
 * Observes the router. Called on the router thread (except {@link #malformed}, {@link #frameWritten},
 * {@link #iwantAnswered} and {@link #copyWritten}, which run on transport threads), so implementations must be quick,
 * must not block, and must take the timing events from any thread.
 */
public interface RouterTracer {

    /** An RPC was queued for {@code to} (after IDONTWANT filtering; dropped RPCs are not sent). */
    default void rpcSent(PeerId to, RpcParts parts) {}

    default void rpcReceived(PeerId from, RpcParts parts) {}

    /**
     * First arrival of a message, before validation (and before any validation delay);
     * {@code nanos}: when its RPC was decoded, on the router's clock.
     */
    default void arrived(PeerId from, MessageId id, String topic, long nanos) {}

    /** First arrival of a message that passed validation. */
    default void delivered(PeerId from, MessageId id, String topic, int dataBytes) {}

    /** A message whose id was already seen. */
    default void duplicate(PeerId from, MessageId id, String topic) {}

    /** A message or control item dropped by a rule (signature policy, validation, unknown topic, limits). */
    default void rejected(PeerId from, String reason) {}

    /** A frame that did not decode or exceeded the size limit; the connection is closed. */
    default void malformed(PeerId from, String reason) {}

    /** The peer's outbound queue was full: the RPC was dropped. */
    default void queueDropped(PeerId to) {}

    /** A push or an IWANT answer skipped because the peer had sent IDONTWANT for the id. */
    default void suppressedByIDontWant(PeerId to, MessageId id) {}

    /** A message sent in answer to an IWANT. */
    default void iwantServed(PeerId to, MessageId id) {}

    /** An IWANT we sent whose message did not arrive within the follow-up time. */
    default void brokenPromise(PeerId peer, MessageId id) {}

    /**
     * A router task started {@code nanos} after it was due: queued from another thread, or its
     * timer's time. Large values mean the router thread (or the CPU under it) is the bottleneck.
     */
    default void taskLag(long nanos) {}

    /** An inbound RPC was handled {@code nanos} after its stream's reader decoded it. */
    default void inboundQueued(long nanos) {}

    /**
     * The transport took a frame for {@code to} {@code nanos} after it was queued, when
     * {@code backlogBytes} of earlier frames were still waiting in that peer's queue.
     */
    default void frameWritten(PeerId to, long nanos, long backlogBytes) {}

    /** The transport took an answer to an IWANT from {@code to} {@code nanos} after the IWANT was decoded. */
    default void iwantAnswered(PeerId to, long nanos) {}

    /**
     * A copy of message {@code id} for {@code to} left its queue: queued at {@code queuedNanos},
     * handed to the stream at {@code startNanos}, and the stream took its last byte at
     * {@code doneNanos} (as the muxer's flow control allowed), all on the router's clock. A copy
     * dropped or still queued when the connection closed is never reported.
     */
    default void copyWritten(PeerId to, MessageId id, String topic, CopyKind kind, long queuedNanos, long startNanos,
                             long doneNanos) {}

    /** A heartbeat began at {@code nanos}, on the router's clock. */
    default void heartbeat(long nanos) {}

    default void meshAdded(String topic, PeerId peer) {}

    default void meshRemoved(String topic, PeerId peer) {}

    /** Fans events out to several tracers. */
    static RouterTracer all(RouterTracer... tracers) {
        return new CompositeTracer(tracers);
    }
}
