package io.gsnode.formats.topology;

import io.gsnode.formats.random.SplitMix64;

/**
 * The geographic latency model of {@code docs/arms.md} §10.4, bit for bit: a node's region and a
 * pair's jitter come from the splitmix64 finaliser of the seed mixed with the indices, so any
 * (seed, i, j) gives the reference's latency without storing anything.
 *
 * <p>Every 64-bit value here is unsigned, as in the reference's Go; Java's {@code long} holds the
 * same bits, and the reductions use unsigned remainders.
 */
public final class GeoLatency {

    /** docs/arms.md §10.4: the region draw is splitmix64finaliser(seed XOR 0x9e01a7e XOR i) mod 100. */
    static final long REGION_SALT = 0x9e01a7eL;

    /** Pair jitter buckets: f = 0.8 + 0.4 × (bucket / 1024). */
    static final int JITTER_BUCKETS = 1024;

    /** docs/arms.md §10.4: a node's latency to itself is 1 ms. */
    static final long SELF_NANOS = 1_000_000L;

    private GeoLatency() {
    }

    /** The region of node {@code i}: the finaliser's value mod 100 through the cumulative weights. */
    public static Region regionOf(long seed, int i) {
        long mixed = SplitMix64.finaliser(seed ^ REGION_SALT ^ i);
        return Region.ofPercentile((int) Long.remainderUnsigned(mixed, 100));
    }

    /**
     * The pair's jitter bucket in [0, 1024): splitmix64finaliser(seed XOR (lo << 20) XOR hi) mod
     * 1024 with lo = min(i, j) and hi = max(i, j), so it is symmetric.
     */
    public static int jitterBucket(long seed, int i, int j) {
        long lo = Math.min(i, j);
        long hi = Math.max(i, j);
        return (int) Long.remainderUnsigned(SplitMix64.finaliser(seed ^ (lo << 20) ^ hi), JITTER_BUCKETS);
    }

    /** The pair's factor f = 0.8 + 0.4 × (bucket / 1024), in [0.8, 1.2). */
    public static double pairFactor(long seed, int i, int j) {
        return 0.8 + 0.4 * (jitterBucket(seed, i, j) / (double) JITTER_BUCKETS);
    }

    /**
     * One-way latency from i to j in nanoseconds: base(region(i), region(j)) ms × f, truncated to a
     * whole nanosecond (Go's {@code time.Duration(float64(base) * f)}); 1 ms when i = j.
     * GeoLatencyTest checks that this double arithmetic equals the exact rational
     * base × (2048 + bucket) × 3125 / 8 ns for every base and bucket, so the order of the
     * reference's float operations cannot change a result.
     */
    public static long oneWayNanos(long seed, int i, int j) {
        if (i == j) return SELF_NANOS;
        long baseNanos = regionOf(seed, i).baseMillisTo(regionOf(seed, j)) * 1_000_000L;
        return (long) (baseNanos * pairFactor(seed, i, j));
    }
}
