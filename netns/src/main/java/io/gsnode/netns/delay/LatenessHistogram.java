package io.gsnode.netns.delay;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How late packets were handed to their destination, against the instant they were due: a
 * histogram in microseconds, exact below 2048 µs and within 1/64 above (64 sub-buckets per power
 * of two). One writing thread (a scheduler); readers take a consistent-enough copy at any time.
 */
final class LatenessHistogram {

    static final int LINEAR_US = 2048;
    private static final int LINEAR_BITS = 11;
    private static final int SUB_BITS = 6;
    private static final int SUB = 1 << SUB_BITS;
    static final int BUCKETS = LINEAR_US + (64 - LINEAR_BITS) * SUB;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong sumNanos = new AtomicLong();
    private final AtomicLong maxNanos = new AtomicLong();

    /** Only from the owning thread. */
    void record(long latenessNanos) {
        long nanos = Math.max(0, latenessNanos);
        int b = bucketOf(nanos / 1_000);
        counts.setRelease(b, counts.getPlain(b) + 1);
        count.setRelease(count.getPlain() + 1);
        sumNanos.setRelease(sumNanos.getPlain() + nanos);
        if (nanos > maxNanos.getPlain()) maxNanos.setRelease(nanos);
    }

    static int bucketOf(long micros) {
        if (micros < LINEAR_US) return (int) micros;
        int e = 63 - Long.numberOfLeadingZeros(micros);
        return LINEAR_US + (e - LINEAR_BITS) * SUB + (int) (micros >>> (e - SUB_BITS) & (SUB - 1));
    }

    /** The smallest microsecond value that falls in bucket {@code b}. */
    static long lowerBoundMicros(int b) {
        if (b < LINEAR_US) return b;
        int k = b - LINEAR_US;
        int e = k / SUB + LINEAR_BITS;
        long sub = k % SUB;
        return (1L << e) + (sub << (e - SUB_BITS));
    }

    /** Adds this histogram's counts into {@code into} (length {@link #BUCKETS}). */
    void addTo(long[] into, long[] totals) {
        for (int b = 0; b < BUCKETS; b++) into[b] += counts.getAcquire(b);
        totals[0] += count.getAcquire();
        totals[1] += sumNanos.getAcquire();
        totals[2] = Math.max(totals[2], maxNanos.getAcquire());
    }

    /** The summary of several histograms together. */
    static SwitchStats.Lateness summarise(Iterable<LatenessHistogram> histograms) {
        long[] merged = new long[BUCKETS];
        long[] totals = new long[3];
        for (LatenessHistogram h : histograms) h.addTo(merged, totals);
        long n = 0;
        for (long c : merged) n += c;
        if (n == 0) return new SwitchStats.Lateness(0, 0, 0, 0, 0, 0);
        return new SwitchStats.Lateness(n, percentile(merged, n, 0.50), percentile(merged, n, 0.99),
                percentile(merged, n, 0.999), totals[2] / 1_000, totals[0] == 0 ? 0 : totals[1] / 1_000.0 / totals[0]);
    }

    private static long percentile(long[] merged, long n, double q) {
        long rank = Math.max(1, (long) Math.ceil(q * n));
        long seen = 0;
        for (int b = 0; b < merged.length; b++) {
            seen += merged[b];
            if (seen >= rank) return lowerBoundMicros(b);
        }
        return lowerBoundMicros(merged.length - 1);
    }
}
