package io.gsnode.gossipsub.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;

/**
 * Decides which announced ids to ask for, and when to ask again (docs/arms.md §6.2-6.6). All calls run
 * on the router thread. The stock policy asks every announcer of an unseen id at once.
 */
public interface RequestPolicy {

    /** Called once when the router starts, with what the policy may use to send and schedule. */
    default void attach(RouterServices router) {}

    /** True when this peer's IHAVEs are ignored entirely (the park of §6.6). */
    default boolean ignoresAnnouncementsFrom(PeerId peer) {
        return false;
    }

    /** An IHAVE announced an unseen id on a topic we are meshed in (before selection). */
    default void onAnnounced(PeerId announcer, MessageId id, String topic) {}

    /** Whether to ask {@code announcer} for {@code id} now; true means the ask happens and is recorded. */
    default boolean grant(PeerId announcer, MessageId id) {
        return true;
    }

    /** The first copy of {@code id} arrived (from anyone). */
    default void onDelivered(MessageId id) {}

    /** Called at the start of every heartbeat. */
    default void onHeartbeat() {}

    RequestPolicy STOCK = new RequestPolicy() {};
}
