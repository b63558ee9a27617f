package io.gsnode.segmentation.partial;

import io.gsnode.libp2p.peer.PeerId;
import java.util.HashMap;
import java.util.Map;

/**
 * Strikes against peers that let claims lapse (docs/arms.md §8.5, {@code SEGMENT_STRIKE_CAP},
 * {@code SEGMENT_STRIKE_TTL_MS}): a peer with at least {@code cap} strikes is not claimed from
 * while its last strike is younger than the TTL; once the TTL has passed its strikes are cleared.
 * A cap of 0 turns strikes off. The point is to stop re-claiming from a peer that has shown it
 * does not serve, without banning it for the rest of the run.
 */
public final class StrikeBook {

    private final int cap;
    private final long ttlNanos;
    private final Map<PeerId, Record> strikes = new HashMap<>();
    private long total;

    private static final class Record {
        int count;
        long last;
    }

    public StrikeBook(int cap, long ttlNanos) {
        if (cap < 0) throw new IllegalArgumentException("strike cap " + cap + " must be >= 0");
        this.cap = cap;
        this.ttlNanos = ttlNanos;
    }

    /** Whether strikes bar peers (a cap above 0); with strikes off they are only counted. */
    public boolean bars() {
        return cap > 0;
    }

    /** One lapsed claim of {@code peer} at {@code now}. */
    public void strike(PeerId peer, long now) {
        Record r = strikes.computeIfAbsent(peer, p -> new Record());
        r.count++;
        r.last = now;
        total++;
    }

    /** Whether {@code peer} may not be claimed from at {@code now}; clears its strikes once the TTL passed. */
    public boolean refuses(PeerId peer, long now) {
        if (cap == 0) return false;
        Record r = strikes.get(peer);
        if (r == null || r.count < cap) return false;
        if (now - r.last < ttlNanos) return true;
        strikes.remove(peer);
        return false;
    }

    public int strikes(PeerId peer) {
        Record r = strikes.get(peer);
        return r == null ? 0 : r.count;
    }

    /** Strikes charged so far, all peers. */
    public long total() {
        return total;
    }
}
