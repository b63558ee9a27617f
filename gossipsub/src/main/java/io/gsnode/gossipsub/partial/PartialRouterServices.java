package io.gsnode.gossipsub.partial;

import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.List;

/**
 * What the router offers an extension (go: {@code partialmessages.Router}). Every method must be
 * called on the router thread, except {@link #execute}, which exists to get there.
 */
public interface PartialRouterServices {

    /** Queues {@code rpc} for {@code peer} as an RPC of its own (counted as partial bytes). */
    void sendPartial(PeerId peer, PartialMessage rpc);

    /**
     * The mesh peers of {@code topic} (its fanout when we are not meshed) with whom partial
     * messages flow: the extension is active and either we request and they can send, or we can
     * send and they request. Sorted by peer id.
     */
    List<PeerId> partialMeshPeers(String topic);

    /** Whether {@code peer} asked for partial messages on {@code topic} in its subscription. */
    boolean peerRequestsPartial(PeerId peer, String topic);

    /** Whether we request or can send partial messages on {@code topic}. */
    boolean partialEnabled(String topic);

    /** Our own peer id. */
    PeerId localPeer();

    /** Monotonic time in nanoseconds, from the router's clock. */
    long nanoTime();

    /** Runs {@code task} on the router thread after {@code delay}. */
    void schedule(Duration delay, Runnable task);

    /** Runs {@code task} on the router thread; callable from any thread. */
    void execute(Runnable task);
}
