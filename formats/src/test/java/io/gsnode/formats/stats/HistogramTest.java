package io.gsnode.formats.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class HistogramTest {

    @Test
    void bucketsAreExactBelow2048AndWithinOneSixtyFourthAbove() {
        for (long v = 0; v < 3_000_000; v += v < 5000 ? 1 : 997) {
            int b = Histogram.bucketOf(v);
            long lower = Histogram.lowerBound(b);
            assertTrue(lower <= v, v + " falls below its bucket's lower bound " + lower);
            if (v < Histogram.LINEAR) assertEquals(v, lower);
            else assertTrue(v - lower <= v / 64, v + " is too far from " + lower);
            assertTrue(b < Histogram.BUCKETS);
        }
        assertTrue(Histogram.bucketOf(Long.MAX_VALUE) < Histogram.BUCKETS);
    }

    @Test
    void summarisesPercentilesAcrossHistograms() {
        Histogram a = new Histogram();
        Histogram b = new Histogram();
        for (int k = 1; k <= 98; k++) a.record(k);
        b.record(500);
        b.record(900);
        Histogram.Summary s = Histogram.merged(List.of(a, b));
        assertEquals(100, s.count());
        assertEquals(50, s.p50());
        assertEquals(500, s.p99());
        assertEquals(900, s.max());
        assertEquals((98 * 99 / 2 + 1400) / 100.0, s.mean(), 1e-9);
        assertEquals(new Histogram.Summary(0, 0, 0, 0, 0, 0), new Histogram().summary());
    }

    @Test
    void threadsMayRecordAtOnce() throws InterruptedException {
        Histogram h = new Histogram();
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) h.record(i % 3000);
            });
            threads[t].start();
        }
        for (Thread t : threads) t.join();
        assertEquals(40_000, h.summary().count());
        assertEquals(2999, h.summary().max());
    }
}
