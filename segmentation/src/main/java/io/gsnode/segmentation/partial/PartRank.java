package io.gsnode.segmentation.partial;

import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.segmentation.policy.RendezvousRank;

/**
 * The rendezvous score of a peer for one index of a group (docs/arms.md §8.4): the splitmix64
 * finaliser of FNV-1a 64 over (group id ‖ index as u32 LE ‖ peer id bytes), compared unsigned.
 * Every node computes the same ranking, so without talking they agree on who pushes what; a node
 * also orders its own wants by its score so different nodes ask in different orders.
 */
public final class PartRank {

    private PartRank() {}

    public static long score(byte[] groupId, int index, PeerId peer) {
        byte[] idx = {(byte) index, (byte) (index >>> 8), (byte) (index >>> 16), (byte) (index >>> 24)};
        return RendezvousRank.splitmix64(RendezvousRank.fnv1a64(groupId, idx, peer.bytes()));
    }

    /** Whether {@code a} ranks above {@code b}: higher score, ties by higher peer id. */
    static boolean above(long scoreA, PeerId a, long scoreB, PeerId b) {
        int c = Long.compareUnsigned(scoreA, scoreB);
        return c > 0 || (c == 0 && a.compareTo(b) > 0);
    }
}
