package io.gsnode.segmentation.partial;

import io.gsnode.libp2p.peer.PeerId;
import java.util.HashMap;
import java.util.Map;

/**
 * How long a claim on a peer may stay unserved (docs/arms.md §8.5). Fixed at RequestTimeout, or
 * with {@code SEGMENT_ADAPTIVE_TIMEOUT=1} per peer SRTT + 4·RTTVAR from claim-to-arrival samples
 * (RFC 6298's estimator), clamped to [RequestTimeout/2, 4·RequestTimeout]: a slow peer is given
 * longer before its claims lapse, a fast one is re-asked sooner. Peers without samples get
 * RequestTimeout. Which arrivals count as samples is the ledger's business (Karn's rule).
 */
public final class AdaptiveTimeout {

    private final long base;
    private final boolean adaptive;
    private final Map<PeerId, Estimate> estimates = new HashMap<>();
    private long samples;

    private static final class Estimate {
        double srtt;
        double rttvar;
    }

    /**
     * @param requestTimeoutNanos RequestTimeout (400 ms by default)
     * @param adaptive whether samples move the timeout at all
     */
    public AdaptiveTimeout(long requestTimeoutNanos, boolean adaptive) {
        if (requestTimeoutNanos <= 0) throw new IllegalArgumentException("request timeout must be > 0");
        this.base = requestTimeoutNanos;
        this.adaptive = adaptive;
    }

    /** The claim timeout for {@code peer}, in nanoseconds. */
    public long timeout(PeerId peer) {
        Estimate e = adaptive ? estimates.get(peer) : null;
        if (e == null) return base;
        long rto = (long) (e.srtt + 4 * e.rttvar);
        return Math.max(base / 2, Math.min(4 * base, rto));
    }

    /** One claim-to-arrival time of {@code peer}, in nanoseconds. */
    public void sample(PeerId peer, long rttNanos) {
        samples++;
        if (!adaptive) return;
        Estimate e = estimates.get(peer);
        if (e == null) {
            e = new Estimate();
            e.srtt = rttNanos;
            e.rttvar = rttNanos / 2.0;
            estimates.put(peer, e);
            return;
        }
        e.rttvar += (Math.abs(e.srtt - rttNanos) - e.rttvar) / 4;
        e.srtt += (rttNanos - e.srtt) / 8;
    }

    /** Samples taken so far (all peers). */
    public long samples() {
        return samples;
    }

    /** Samples taken of {@code peer}'s arrivals, as an estimate exists: whether it has one. */
    public boolean hasEstimate(PeerId peer) {
        return estimates.containsKey(peer);
    }
}
