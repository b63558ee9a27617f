package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class LatenessHistogramTest {

    @Test
    void bucketsAreExactBelow2msAndWithinOneSixtyFourthAbove() {
        for (long us = 0; us < 3_000_000; us += us < 5000 ? 1 : 997) {
            int b = LatenessHistogram.bucketOf(us);
            long lower = LatenessHistogram.lowerBoundMicros(b);
            assertTrue(lower <= us, us + " falls below its bucket's lower bound " + lower);
            if (us < LatenessHistogram.LINEAR_US) assertEquals(us, lower);
            else assertTrue(us - lower <= us / 64, us + " is too far from " + lower);
            assertTrue(b < LatenessHistogram.BUCKETS);
        }
        assertTrue(LatenessHistogram.bucketOf(Long.MAX_VALUE / 1000) < LatenessHistogram.BUCKETS);
    }

    @Test
    void summarisesPercentilesAcrossHistograms() {
        LatenessHistogram a = new LatenessHistogram();
        LatenessHistogram b = new LatenessHistogram();
        for (int k = 1; k <= 98; k++) a.record(k * 1_000L);
        b.record(500_000L);
        b.record(900_000L);
        SwitchStats.Lateness s = LatenessHistogram.summarise(List.of(a, b));
        assertEquals(100, s.count());
        assertEquals(50, s.p50());
        assertEquals(500, s.p99(), "values are recorded in ns and summarised in µs");
        assertEquals(900, s.max());
    }
}
