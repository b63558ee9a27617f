package io.gsnode.segmentation.partial;

import io.gsnode.libp2p.peer.PeerId;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Who we asked for each missing index of one group, and when (docs/arms.md §8.5). A claim is a
 * request bit in the parts metadata sent to exactly one holder, so at most one peer is asked for
 * an index at a time; a claim that lapses unserved strikes its peer and frees the index for
 * another holder.
 *
 * <p>Each publish pass starts with {@link #beginPass}: the budget is target − (held +
 * outstanding unexpired claims), and each peer may take {@code perPeerCap} fresh claims in the
 * pass. Re-affirming an unexpired claim to the same peer is free. Arrivals feed the adaptive
 * timeout only from the peer claimed for that index, and never for an index that was re-asked
 * (Karn's rule: a reply to a re-asked index cannot be matched to one of the asks).
 *
 * <p>With strikes off ({@code SEGMENT_STRIKE_CAP=0}) nothing else stops a holder that advertises
 * every part and serves none from being asked again and again: there each lapse is charged when
 * the pass begins ({@link #lapsed}), so that once a claim has lapsed the pass can ask peers that
 * served a claim first and peers that let one lapse last ({@link #served}). The report's
 * B arms bar struck peers and are left exactly as the reference charges strikes: at the next claim
 * of the index.
 *
 * <p>Router thread only.
 */
public final class ClaimLedger {

    private final int target;
    private final int perPeerCap;
    private final StrikeBook strikes;
    private final AdaptiveTimeout timeout;
    private final long createdNanos;
    private final Map<Integer, Claim> claims = new HashMap<>();
    private final Map<PeerId, Integer> freshThisPass = new HashMap<>();
    private final Set<PeerId> servedBy = new HashSet<>();
    private int budget;
    private long requested;
    private long reissued;

    private static final class Claim {
        final PeerId peer;
        final long at;
        boolean struck;

        Claim(PeerId peer, long at) {
            this.peer = peer;
            this.at = at;
        }
    }

    /** Indices ever re-asked: their arrivals are never RTT samples. */
    private final BitSet reissuedIndices = new BitSet();

    /**
     * @param target segments to hold: required (plus {@code SEGMENT_CLAIM_SURPLUS} for coded groups)
     * @param perPeerCap fresh claims per peer per pass ({@code SEGMENT_CLAIM_PER_PEER}); 0 = no cap
     */
    public ClaimLedger(int target, int perPeerCap, StrikeBook strikes, AdaptiveTimeout timeout, long createdNanos) {
        this.target = target;
        this.perPeerCap = perPeerCap;
        this.strikes = strikes;
        this.timeout = timeout;
        this.createdNanos = createdNanos;
    }

    /** Starts a pass: sets the budget from what is held and still outstanding, resets the per-peer allowance. */
    public void beginPass(BitSet held, long now) {
        int outstanding = 0;
        for (var e : claims.entrySet()) {
            if (held.get(e.getKey())) continue;
            Claim c = e.getValue();
            if (!expired(c, now)) {
                outstanding++;
            } else if (!strikes.bars() && !c.struck) {
                strikes.strike(c.peer, now);
                c.struck = true;
            }
        }
        budget = Math.max(0, target - held.cardinality() - outstanding);
        freshThisPass.clear();
    }

    /** Whether {@code peer} has let a claim of this group lapse (strikes off: charged as each pass begins). */
    public boolean lapsed(PeerId peer) {
        return strikes.strikes(peer) > 0;
    }

    /** Whether any claim of this group has lapsed so far. */
    public boolean anyLapsed() {
        return strikes.total() > 0;
    }

    /** Whether {@code peer} has served a claim of this group. */
    public boolean served(PeerId peer) {
        return servedBy.contains(peer);
    }

    /** Budget left in this pass. */
    public int budget() {
        return budget;
    }

    /**
     * Whether {@code index} is (now) claimed from {@code peer}. Call only for indices we lack that
     * {@code peer} says it holds.
     */
    public boolean claim(int index, PeerId peer, long now) {
        Claim previous = claims.get(index);
        if (previous != null && !expired(previous, now)) return previous.peer.equals(peer);
        boolean stranded = false;
        if (previous != null) {
            if (!previous.struck) {
                strikes.strike(previous.peer, now);
                previous.struck = true;
            }
            // Long unserved: waiting out a struck holder's TTL would strand the index.
            stranded = now - previous.at >= 2 * timeout.timeout(previous.peer);
        }
        if (strikes.refuses(peer, now) && !stranded) return false;
        if (budget <= 0) return false;
        int fresh = freshThisPass.getOrDefault(peer, 0);
        if (perPeerCap > 0 && fresh >= perPeerCap) return false;
        budget--;
        freshThisPass.put(peer, fresh + 1);
        if (previous == null) {
            requested++;
        } else {
            reissued++;
            reissuedIndices.set(index);
        }
        claims.put(index, new Claim(peer, now));
        return true;
    }

    /**
     * A verified segment of {@code index} arrived from {@code from}: resolves the claim, and takes
     * an RTT sample when {@code from} was the peer claimed and the index was never re-asked.
     *
     * @return whether a sample was taken
     */
    public boolean arrived(int index, PeerId from, long now) {
        Claim c = claims.remove(index);
        if (c != null && c.peer.equals(from)) servedBy.add(from);
        if (c == null || !c.peer.equals(from) || reissuedIndices.get(index)) return false;
        timeout.sample(from, now - c.at);
        return true;
    }

    /** The peer currently claimed for {@code index} (expired or not), or null. */
    public PeerId claimedPeer(int index) {
        Claim c = claims.get(index);
        return c == null ? null : c.peer;
    }

    /** The claims on {@code peer} that are unexpired at {@code now} (they go into its metadata's requests). */
    public BitSet claimsOn(PeerId peer, long now) {
        BitSet out = new BitSet();
        for (var e : claims.entrySet()) {
            if (e.getValue().peer.equals(peer) && !expired(e.getValue(), now)) out.set(e.getKey());
        }
        return out;
    }

    /** First asks so far. */
    public long requested() {
        return requested;
    }

    /** Re-asks so far (an index claimed again after its claim lapsed). */
    public long reissued() {
        return reissued;
    }

    /** The strikes this ledger charges. */
    public StrikeBook strikes() {
        return strikes;
    }

    public long createdNanos() {
        return createdNanos;
    }

    private boolean expired(Claim c, long now) {
        return now - c.at >= timeout.timeout(c.peer);
    }
}
