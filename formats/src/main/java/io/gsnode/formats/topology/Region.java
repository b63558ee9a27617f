package io.gsnode.formats.topology;

import java.util.Arrays;
import java.util.Optional;

/**
 * The five regions of the geographic latency model, with their draw weights and base one-way
 * latencies ({@code docs/arms.md} §10.4).
 */
public enum Region {
    EU("eu", 35, new int[] {8, 40, 70, 90, 110}),
    NA_EAST("na-east", 20, new int[] {40, 8, 30, 80, 60}),
    NA_WEST("na-west", 10, new int[] {70, 30, 8, 60, 70}),
    ASIA("asia", 25, new int[] {90, 80, 60, 10, 70}),
    REST("rest", 10, new int[] {110, 60, 70, 70, 15});

    private final String wireName;
    private final int weightPercent;
    private final int[] baseMillis;

    Region(String wireName, int weightPercent, int[] baseMillis) {
        this.wireName = wireName;
        this.weightPercent = weightPercent;
        this.baseMillis = baseMillis;
    }

    /** The spelling in the topology file. */
    public String wireName() {
        return wireName;
    }

    /** Share of nodes drawn into this region, in percent; the five weights sum to 100. */
    public int weightPercent() {
        return weightPercent;
    }

    /** Base one-way latency in milliseconds from a node in this region to one in {@code other}. */
    public int baseMillisTo(Region other) {
        return baseMillis[other.ordinal()];
    }

    /**
     * The region whose cumulative-weight interval holds {@code percentile}: eu [0, 35), na-east
     * [35, 55), na-west [55, 65), asia [65, 90), rest [90, 100).
     */
    public static Region ofPercentile(int percentile) {
        if (percentile < 0 || percentile >= 100) {
            throw new IllegalArgumentException("percentile must be in [0, 100), was " + percentile);
        }
        int upper = 0;
        for (Region r : values()) {
            upper += r.weightPercent;
            if (percentile < upper) return r;
        }
        throw new IllegalStateException("region weights sum to " + upper + ", not 100");
    }

    public static Optional<Region> fromWireName(String name) {
        return Arrays.stream(values()).filter(r -> r.wireName.equals(name)).findFirst();
    }

    /** The accepted spellings, for error messages. */
    static String wireNames() {
        return String.join(", ", Arrays.stream(values()).map(Region::wireName).toList());
    }
}
