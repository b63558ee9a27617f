package io.gsnode.segmentation.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RendezvousRankTest {

    @Test
    void fnv1a64MatchesThePublishedVectors() {
        assertEquals(0xcbf29ce484222325L, RendezvousRank.fnv1a64(new byte[0]));
        assertEquals(0xaf63dc4c8601ec8cL, RendezvousRank.fnv1a64(ascii("a")));
        assertEquals(0x85944171f73967e8L, RendezvousRank.fnv1a64(ascii("foo"), ascii("bar")));
    }

    @Test
    void finaliserIsSplitMix64sAsJavasSplittableRandomUsesIt() {
        long seed = 20260901L;
        SplittableRandom draws = new SplittableRandom(seed);
        for (int i = 0; i < 100; i++) {
            long state = draws.nextLong(); // any input will do
            // SplittableRandom(s).nextLong() is mix64(s + golden gamma), mix64 being splitmix64's finaliser.
            assertEquals(new SplittableRandom(state).nextLong(), RendezvousRank.splitmix64(state + 0x9e3779b97f4a7c15L),
                    "seed " + seed + " draw " + i);
        }
        assertEquals(0xe220a8397b1dcdafL, RendezvousRank.splitmix64(0x9e3779b97f4a7c15L));
    }

    /** Scores and order computed with go's hash/fnv and the fork's phaseRank sort (scratch program, not in the repo). */
    @Test
    void scoresAndOrderMatchGo() {
        String[] peers = {"peer-a", "peer-b", "peer-c", "peer-d", "peer-e", "peer-f"};
        long[] want = {0x6fd8af8c613e1772L, 0x6db09fbba74121aaL, 0xf793aca44cebd1a0L, 0x6cdd990c76f67845L,
                0x07bec5f97da05e96L, 0x649da68e7b814c17L};
        for (int i = 0; i < peers.length; i++) {
            assertEquals(want[i], RendezvousRank.score(ascii("segment-0"), ascii(peers[i])), peers[i]);
        }
        assertEquals(0x25fc6dd36ce04b20L, RendezvousRank.score(new byte[0], new byte[0]));
        // go's order: peer-c first, its score having the top bit set (an unsigned comparison).
        List<String> order = new ArrayList<>(List.of(peers));
        Comparator<String> byScore = (a, b) -> Long.compareUnsigned(
                RendezvousRank.score(ascii("segment-0"), ascii(a)), RendezvousRank.score(ascii("segment-0"), ascii(b)));
        order.sort(byScore.reversed());
        assertEquals(List.of("peer-c", "peer-a", "peer-b", "peer-d", "peer-f", "peer-e"), order);
    }

    @Test
    void rankedIsScoreDescendingOverRealPeerIds() {
        MessageId id = MessageId.wrap(ascii("some message id"));
        List<PeerId> peers = new ArrayList<>();
        for (int i = 0; i < 12; i++) peers.add(PeerId.fromPubKey(Ed25519.fromIndex(i).publicKey()));
        List<PeerId> ranked = RendezvousRank.ranked(id, peers);
        assertEquals(peers.size(), ranked.size());
        for (int i = 1; i < ranked.size(); i++) {
            long prev = RendezvousRank.score(id, ranked.get(i - 1));
            long cur = RendezvousRank.score(id, ranked.get(i));
            int cmp = Long.compareUnsigned(prev, cur);
            assertEquals(true, cmp > 0 || (cmp == 0 && ranked.get(i - 1).compareTo(ranked.get(i)) > 0), "position " + i);
        }
        // A permutation of the input gives the same order: the ranking depends on the set only.
        List<PeerId> reversed = new ArrayList<>(peers);
        Collections.reverse(reversed);
        assertEquals(ranked, RendezvousRank.ranked(id, reversed));
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
