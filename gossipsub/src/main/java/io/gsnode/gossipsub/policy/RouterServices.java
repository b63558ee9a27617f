package io.gsnode.gossipsub.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.List;

/** What the router offers its policies. Every method must be called on the router thread. */
public interface RouterServices {

    /** Monotonic time in nanoseconds, from the router's clock. */
    long nanoTime();

    /** Runs {@code task} on the router thread after {@code delay}. */
    void schedule(Duration delay, Runnable task);

    /** Whether the message was already seen (delivered or rejected). */
    boolean seen(MessageId id);

    /** Whether the request gate would allow asking for {@code id}. */
    boolean gateAllows(MessageId id);

    /** Sends one IWANT carrying {@code ids} to {@code peer}, counted like any other. */
    void sendIWant(PeerId peer, List<MessageId> ids);

    /** Whether {@code peer} is connected and speaks gossipsub. */
    boolean connected(PeerId peer);
}
