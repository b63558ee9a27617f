package io.gsnode.formats.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.formats.random.SplitMix64;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The geo model of docs/arms.md §10.4 against values worked out by hand from its formulas. The
 * 64-bit products below were done in arbitrary precision and reduced mod 2^64.
 */
class GeoLatencyTest {

    private static final long SEED = 7;

    @Test
    void regionOfNodeZeroUnderSeedSevenIsAsia() {
        // x = 7 ^ 0x9e01a7e ^ 0                  = 0x0000000009e01a79
        // x ^ (x >>> 30)                          = 0x0000000009e01a79   (x < 2^30)
        // × 0xbf58476d1ce4e5b9                   = 0xbd782bde6a655e71
        // ^ (>>> 27)                              = 0xbd782bc9c56025bc
        // × 0x94d049bb133111eb                   = 0x343baedbbec01f94
        // ^ (>>> 31)                              = 0x343baedbd6b74223 = 3763794172821586467
        // mod 100 = 67, in asia's [65, 90)
        assertEquals(0x343baedbd6b74223L, SplitMix64.finaliser(SEED ^ 0x9e01a7eL));
        assertEquals(Region.ASIA, GeoLatency.regionOf(SEED, 0));
    }

    @Test
    void regionsOfNodesOneToThreeUnderSeedSeven() {
        // node 1: x = 0x9e01a78 → finaliser 0x34960a1664faec37 = 3789227227778575415, mod 100 = 15 → eu [0, 35)
        // node 2: x = 0x9e01a7b → finaliser 0x30ffd951806e411e = 3530779576952045854, mod 100 = 54 → na-east [35, 55)
        // node 3: x = 0x9e01a7a → finaliser 0x3c12c9a0b8f708df = 4328743883991615711, mod 100 = 11 → eu
        assertEquals(Region.EU, GeoLatency.regionOf(SEED, 1));
        assertEquals(Region.NA_EAST, GeoLatency.regionOf(SEED, 2));
        assertEquals(Region.EU, GeoLatency.regionOf(SEED, 3));
    }

    @Test
    void latencyFromNodeZeroToNodeOneUnderSeedSeven() {
        // jitter: lo = 0, hi = 1: x = 7 ^ (0 << 20) ^ 1 = 6
        //   6 × 0xbf58476d1ce4e5b9 = 0x7c11ac8ead5d6256; ^ >>> 27 = 0x7c11ac812f68f383
        //   × 0x94d049bb133111eb = 0xd1770796d2963c41; ^ >>> 31 = 0xd17707977078336c; mod 1024 = 0x36c = 876
        // f = 0.8 + 0.4 × 876 / 1024 = 0.8 + 0.3421875 = 1.1421875
        // base asia → eu = 90 ms; 90 ms × 1.1421875 = 102.796875 ms = 102 796 875 ns → 102 796 µs
        assertEquals(876, GeoLatency.jitterBucket(SEED, 0, 1));
        assertEquals(1.1421875, GeoLatency.pairFactor(SEED, 0, 1), 1e-12);
        assertEquals(102_796_875L, GeoLatency.oneWayNanos(SEED, 0, 1));
        assertEquals(102_796, LatencyModel.GEO.oneWayMicros(SEED, 0, 1));
    }

    @Test
    void latencyFromNodeTwoToNodeThreeUnderSeedSeven() {
        // jitter: lo = 2, hi = 3: x = 7 ^ (2 << 20) ^ 3 = 0x200004
        //   finaliser = 0xfc814c61ef72eeeb; mod 1024 = 0x2eb = 747
        // f = 0.8 + 0.4 × 747 / 1024 = 0.8 + 0.291796875 = 1.091796875
        // base na-east → eu = 40 ms; 40 × 1.091796875 = 43.671875 ms = 43 671 875 ns → 43 671 µs
        assertEquals(747, GeoLatency.jitterBucket(SEED, 2, 3));
        assertEquals(43_671_875L, GeoLatency.oneWayNanos(SEED, 2, 3));
        assertEquals(43_671, LatencyModel.GEO.oneWayMicros(SEED, 2, 3));
    }

    @Test
    void latencyIsSymmetricAndOneMillisecondOnTheDiagonal() {
        for (int i = 0; i < 40; i++) {
            assertEquals(1_000_000L, GeoLatency.oneWayNanos(SEED, i, i));
            for (int j = 0; j < 40; j++) {
                assertEquals(GeoLatency.oneWayNanos(SEED, i, j), GeoLatency.oneWayNanos(SEED, j, i), i + "," + j);
            }
        }
    }

    @Test
    void doubleArithmeticEqualsTheExactRationalForEveryBaseAndBucket() {
        // base × (0.8 + 0.4 × m / 1024) ms = base × (2048 + m) / 2560 ms = base × (2048 + m) × 3125 / 8 ns.
        // If the doubles ever fell just below an exact value, truncation would lose a nanosecond
        // (and maybe a microsecond); this shows they never do, for any base in the table.
        for (Region from : Region.values()) {
            for (Region to : Region.values()) {
                long base = from.baseMillisTo(to);
                for (int m = 0; m < 1024; m++) {
                    double f = 0.8 + 0.4 * (m / 1024.0);
                    long viaDouble = (long) (base * 1_000_000L * f);
                    long exact = base * (2048 + m) * 3125 / 8;
                    assertEquals(exact, viaDouble, "base " + base + " ms, bucket " + m);
                }
            }
        }
    }

    @Test
    void regionsFollowTheWeightsOverManyNodes() {
        // 35/20/10/25/10 % of 100,000 nodes; a tolerance of 1 percentage point is > 5 sigma here.
        Map<Region, Integer> counts = new EnumMap<>(Region.class);
        int nodes = 100_000;
        for (int i = 0; i < nodes; i++) counts.merge(GeoLatency.regionOf(SEED, i), 1, Integer::sum);
        for (Region r : Region.values()) {
            assertEquals(r.weightPercent(), 100.0 * counts.get(r) / nodes, 1.0, r.wireName());
        }
    }

    @Test
    void uniformModelIsTwentyFiveMillisecondsEverywhere() {
        assertEquals(25_000, LatencyModel.UNIFORM.oneWayMicros(SEED, 0, 1));
        assertEquals(25_000, LatencyModel.UNIFORM.oneWayMicros(SEED, 3, 3));
        assertEquals(25_000_000L, LatencyModel.UNIFORM.oneWayNanos(99, 12, 7));
    }

    @Test
    void percentilesMapThroughTheCumulativeWeights() {
        assertEquals(Region.EU, Region.ofPercentile(0));
        assertEquals(Region.EU, Region.ofPercentile(34));
        assertEquals(Region.NA_EAST, Region.ofPercentile(35));
        assertEquals(Region.NA_EAST, Region.ofPercentile(54));
        assertEquals(Region.NA_WEST, Region.ofPercentile(55));
        assertEquals(Region.NA_WEST, Region.ofPercentile(64));
        assertEquals(Region.ASIA, Region.ofPercentile(65));
        assertEquals(Region.ASIA, Region.ofPercentile(89));
        assertEquals(Region.REST, Region.ofPercentile(90));
        assertEquals(Region.REST, Region.ofPercentile(99));
    }
}
