package io.gsnode.segmentation.partial;

import io.gsnode.libp2p.peer.PeerId;
import java.util.List;

/**
 * The report's push policy for variant B (docs/arms.md §8.4, {@code SEGMENT_POLICIES=phase},
 * {@code SEGMENT_REPLICATION}): an index nobody asked for is pushed to a peer only while fewer
 * than {@code replication} peers are known to hold it, and then only by the peers ranked top
 * r' = replication − holders under the rendezvous score for (group, index). The ranking is over
 * every partial-requesting peer, holders included (who are then skipped), so fewer than r' pushes
 * can result, as in the reference.
 */
public final class PushPhase {

    private final int replication;

    public PushPhase(int replication) {
        if (replication < 0) throw new IllegalArgumentException("replication " + replication + " must be >= 0");
        this.replication = replication;
    }

    public int replication() {
        return replication;
    }

    /**
     * Whether to push {@code index} to {@code peer}.
     *
     * @param holders peers known to hold the index (their Available has it), counted at the start of the pass
     * @param partialPeers every partial-requesting peer of the group's state map, {@code peer} included
     */
    public boolean push(byte[] groupId, int index, PeerId peer, int holders, List<PeerId> partialPeers) {
        int r = replication - holders;
        if (r <= 0) return false;
        if (r >= partialPeers.size()) return true;
        long mine = PartRank.score(groupId, index, peer);
        int above = 0;
        for (PeerId other : partialPeers) {
            if (other.equals(peer)) continue;
            if (PartRank.above(PartRank.score(groupId, index, other), other, mine, peer) && ++above >= r) return false;
        }
        return true;
    }
}
