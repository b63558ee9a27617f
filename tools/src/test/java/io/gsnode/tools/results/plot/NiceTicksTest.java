package io.gsnode.tools.results.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class NiceTicksTest {

    @Test
    void coversTheRangeInRoundSteps() {
        NiceTicks t = NiceTicks.of(0, 4.2, 6);
        assertEquals(List.of(0.0, 1.0, 2.0, 3.0, 4.0, 5.0), t.values());
        assertEquals("3", t.label(3));
        NiceTicks quarter = NiceTicks.of(0, 1.45, 6);
        assertEquals(0.25, quarter.step(), 1e-12);
        assertEquals("0.75", quarter.label(0.75));
    }

    @Test
    void countsGetWholeStepsOnly() {
        NiceTicks nodes = NiceTicks.integers(4, 18, 5);
        assertEquals(5, nodes.step(), 1e-12);
        assertEquals("15", nodes.label(15));
        assertEquals(1, NiceTicks.integers(0, 1.05, 5).step(), 1e-12);
        assertEquals(500, NiceTicks.integers(160, 2100, 5).step(), 1e-12);
    }
}
