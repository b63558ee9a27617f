package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The per-(message, peer) score phase forwarding ranks push candidates by (docs/arms.md §6.1 step
 * 4): FNV-1a 64 over {@code message id ‖ 0x00 ‖ peer id bytes}, then the splitmix64 finaliser.
 * The finaliser is there because FNV's low bits barely mix, so unfinalised scores compared over a
 * handful of peers would correlate across messages (go: {@code phaseRank}).
 */
public final class RendezvousRank {

    // FNV-1a 64-bit parameters (go: hash/fnv).
    static final long FNV_OFFSET_BASIS = 0xcbf29ce484222325L;
    static final long FNV_PRIME = 0x100000001b3L;

    private RendezvousRank() {}

    /** FNV-1a 64 over the concatenation of {@code parts}. */
    public static long fnv1a64(byte[]... parts) {
        long h = FNV_OFFSET_BASIS;
        for (byte[] part : parts) {
            for (byte b : part) {
                h ^= b & 0xff;
                h *= FNV_PRIME;
            }
        }
        return h;
    }

    /** The splitmix64 finaliser (Steele, Lea and Flood's mix; go: the {@code x ^= x >> 30 …} lines). */
    public static long splitmix64(long x) {
        x ^= x >>> 30;
        x *= 0xbf58476d1ce4e5b9L;
        x ^= x >>> 27;
        x *= 0x94d049bb133111ebL;
        x ^= x >>> 31;
        return x;
    }

    /** The score of {@code peer} for {@code id}, to be compared as an unsigned 64-bit number. */
    public static long score(MessageId id, PeerId peer) {
        return score(id.bytes(), peer.bytes());
    }

    /** The score over raw bytes: {@code splitmix64(fnv1a64(id ‖ 0x00 ‖ peer))}. */
    public static long score(byte[] id, byte[] peer) {
        return splitmix64(fnv1a64(id, SEPARATOR, peer));
    }

    /**
     * {@code candidates} ordered best first: score descending (unsigned), ties by peer id
     * descending, as go sorts with {@code ri > rj}, then {@code cands[i] > cands[j]}.
     */
    public static List<PeerId> ranked(MessageId id, List<PeerId> candidates) {
        record Scored(PeerId peer, long score) {}
        List<Scored> scored = new ArrayList<>(candidates.size());
        for (PeerId peer : candidates) scored.add(new Scored(peer, score(id, peer)));
        Comparator<Scored> byScore = (a, b) -> Long.compareUnsigned(a.score, b.score);
        scored.sort(byScore.thenComparing(Scored::peer).reversed());
        List<PeerId> out = new ArrayList<>(scored.size());
        for (Scored s : scored) out.add(s.peer);
        return out;
    }

    private static final byte[] SEPARATOR = {0};
}
