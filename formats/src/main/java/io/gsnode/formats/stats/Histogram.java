package io.gsnode.formats.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A histogram of non-negative longs (microseconds, bytes: the caller's unit), exact below 2048 and
 * within 1/64 above (64 sub-buckets per power of two), so a percentile is never off by more than
 * 1.6 %. Any thread may record; readers take a consistent-enough copy at any time.
 */
public final class Histogram {

    static final int LINEAR = 2048;
    private static final int LINEAR_BITS = 11;
    private static final int SUB_BITS = 6;
    private static final int SUB = 1 << SUB_BITS;
    static final int BUCKETS = LINEAR + (64 - LINEAR_BITS) * SUB;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
    private final AtomicLong sum = new AtomicLong();
    private final AtomicLong max = new AtomicLong();

    /**
     * Count, percentiles, largest value and mean, in the recorded unit; all zero when empty.
     *
     * @param count values recorded
     * @param p50 median
     * @param p99 99th percentile
     * @param p999 99.9th percentile
     * @param max the largest value
     * @param mean the mean
     */
    public record Summary(long count, long p50, long p99, long p999, long max, double mean) {

        /** For a record: {@code count}, {@code p50}, {@code p99}, {@code p999}, {@code max}, {@code mean}. */
        public Map<String, Object> asMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("count", count);
            m.put("p50", p50);
            m.put("p99", p99);
            m.put("p999", p999);
            m.put("max", max);
            m.put("mean", Math.round(mean * 10) / 10.0);
            return m;
        }
    }

    /** Records {@code value}; a negative one counts as 0. */
    public void record(long value) {
        long v = Math.max(0, value);
        counts.incrementAndGet(bucketOf(v));
        sum.addAndGet(v);
        max.accumulateAndGet(v, Math::max);
    }

    public Summary summary() {
        return merged(List.of(this));
    }

    /** The summary of several histograms together. */
    public static Summary merged(Iterable<Histogram> histograms) {
        long[] all = new long[BUCKETS];
        long total = 0;
        long largest = 0;
        for (Histogram h : histograms) {
            for (int b = 0; b < BUCKETS; b++) all[b] += h.counts.get(b);
            total += h.sum.get();
            largest = Math.max(largest, h.max.get());
        }
        long n = 0;
        for (long c : all) n += c;
        if (n == 0) return new Summary(0, 0, 0, 0, 0, 0);
        return new Summary(n, percentile(all, n, 0.50), percentile(all, n, 0.99), percentile(all, n, 0.999), largest,
                (double) total / n);
    }

    static int bucketOf(long value) {
        if (value < LINEAR) return (int) value;
        int e = 63 - Long.numberOfLeadingZeros(value);
        return LINEAR + (e - LINEAR_BITS) * SUB + (int) (value >>> (e - SUB_BITS) & (SUB - 1));
    }

    /** The smallest value that falls in bucket {@code b}. */
    static long lowerBound(int b) {
        if (b < LINEAR) return b;
        int k = b - LINEAR;
        int e = k / SUB + LINEAR_BITS;
        long sub = k % SUB;
        return (1L << e) + (sub << (e - SUB_BITS));
    }

    private static long percentile(long[] merged, long n, double q) {
        long rank = Math.max(1, (long) Math.ceil(q * n));
        long seen = 0;
        for (int b = 0; b < merged.length; b++) {
            seen += merged[b];
            if (seen >= rank) return lowerBound(b);
        }
        return lowerBound(merged.length - 1);
    }
}
