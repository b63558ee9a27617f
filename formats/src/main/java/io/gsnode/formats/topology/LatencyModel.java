package io.gsnode.formats.topology;

import java.util.Arrays;
import java.util.Optional;

/** How one-way pair latencies are drawn ({@code docs/arms.md} §2 and §10.4). */
public enum LatencyModel {
    /** Five regions, base latency per region pair, symmetric pair jitter: {@link GeoLatency}. */
    GEO("geo") {
        @Override
        public long oneWayNanos(long seed, int from, int to) {
            return GeoLatency.oneWayNanos(seed, from, to);
        }
    },
    /**
     * 25 ms one way for every pair ({@code docs/arms.md} §2: uniform is 25 ms one way
     * everywhere), the diagonal included: the reference names no exception, and a Shadow self-loop
     * must not be shorter than the smallest real latency (Shadow counts self-loops in the minimum
     * latency that sets its round length, see docs/shadow.md).
     */
    UNIFORM("uniform") {
        @Override
        public long oneWayNanos(long seed, int from, int to) {
            return UNIFORM_NANOS;
        }
    };

    /** docs/arms.md §2: the default one-way latency is 25 ms. */
    static final long UNIFORM_NANOS = 25_000_000L;

    private final String wireName;

    LatencyModel(String wireName) {
        this.wireName = wireName;
    }

    /** One-way latency from node {@code from} to node {@code to}, in nanoseconds. */
    public abstract long oneWayNanos(long seed, int from, int to);

    /**
     * One-way latency in whole microseconds, the unit of the file's {@code latency_us}: the
     * nanoseconds truncated, as Go's {@code Duration.Microseconds()} does.
     */
    public int oneWayMicros(long seed, int from, int to) {
        return Math.toIntExact(oneWayNanos(seed, from, to) / 1_000L);
    }

    /** The spelling in the topology file and on the command line. */
    public String wireName() {
        return wireName;
    }

    public static Optional<LatencyModel> fromWireName(String name) {
        return Arrays.stream(values()).filter(m -> m.wireName.equals(name)).findFirst();
    }

    /** The accepted spellings, for error messages. */
    public static String wireNames() {
        return String.join(", ", Arrays.stream(values()).map(LatencyModel::wireName).toList());
    }
}
