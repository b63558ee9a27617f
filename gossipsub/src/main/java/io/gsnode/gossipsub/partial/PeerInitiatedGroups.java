package io.gsnode.gossipsub.partial;

import io.gsnode.libp2p.peer.PeerId;
import java.util.HashMap;
import java.util.Map;

/**
 * How many groups of one topic peers created by writing to us first (docs/arms.md §8.1: at most 255
 * per topic, 8 per peer per topic). Without the caps any peer could make us hold state for
 * arbitrarily many group ids it invents.
 */
final class PeerInitiatedGroups {

    private final int perTopicLimit;
    private final int perPeerLimit;
    private int total;
    private final Map<PeerId, Integer> perPeer = new HashMap<>();

    PeerInitiatedGroups(int perTopicLimit, int perPeerLimit) {
        this.perTopicLimit = perTopicLimit;
        this.perPeerLimit = perPeerLimit;
    }

    /** Takes one slot for {@code peer}, or says which cap is full. */
    void take(PeerId peer) throws PartialRpcException {
        if (total >= perTopicLimit) {
            throw new PartialRpcException("peer-initiated groups: topic cap " + perTopicLimit + " reached");
        }
        int mine = perPeer.getOrDefault(peer, 0);
        if (mine >= perPeerLimit) {
            throw new PartialRpcException("peer-initiated groups: per-peer cap " + perPeerLimit + " reached");
        }
        total++;
        perPeer.put(peer, mine + 1);
    }

    /** Gives back one slot of {@code peer} (its group expired, or we published to it ourselves). */
    void release(PeerId peer) {
        Integer mine = perPeer.get(peer);
        if (mine == null) return;
        total--;
        if (mine == 1) perPeer.remove(peer);
        else perPeer.put(peer, mine - 1);
    }

    /** Gives back every slot of {@code peer}. */
    void releaseAll(PeerId peer) {
        Integer mine = perPeer.remove(peer);
        if (mine != null) total -= mine;
    }

    int total() {
        return total;
    }

    boolean isEmpty() {
        return total == 0;
    }
}
