package io.gsnode.gossipsub.partial;

import io.gsnode.libp2p.peer.PeerId;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One (topic, group): the application's state per peer, the heartbeats left before the group is
 * dropped, and who created it (null when we did, by publishing).
 */
final class GroupState<S> {

    final Map<PeerId, S> peerStates = new LinkedHashMap<>();
    int ttl;
    PeerId initiatedBy;

    GroupState(int ttl, PeerId initiatedBy) {
        this.ttl = ttl;
        this.initiatedBy = initiatedBy;
    }

    boolean peerInitiated() {
        return initiatedBy != null;
    }
}
