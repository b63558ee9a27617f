package io.gsnode.tools.results.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.tools.results.Stat;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class DifferenceTest {

    private static String diff(double reference, double other) {
        return Difference.format(Difference.percent(Stat.of(reference), Stat.of(other)));
    }

    @Test
    void differenceIsAPercentageOfTheReference() {
        assertEquals("+20%", diff(200, 240));
        assertEquals("-34%", diff(4910, 3220));
        assertEquals("0%", diff(1000, 1004));
        assertEquals("+99%", diff(100, 199));
    }

    @Test
    void aRatioOfTwoOrMoreIsWrittenAsAMultiplier() {
        assertEquals("×2", diff(100, 200));
        assertEquals("×2.5", diff(740, 1850));
        assertEquals("×8", diff(790, 6320));
        assertEquals("×3.6", diff(100, 360));
        // Halving is a ratio of 0.5, not of 2: it stays a percentage.
        assertEquals("-50%", diff(200, 100));
    }

    @Test
    void censoredOrMissingSidesGiveNoNumber() {
        assertEquals("censored", Difference.format(Difference.percent(Stat.of(100), Stat.CENSORED)));
        assertEquals("censored", Difference.format(Difference.percent(Stat.CENSORED, Stat.of(100))));
        assertEquals("–", Difference.format(Difference.percent(Stat.MISSING, Stat.of(100))));
        assertEquals("–", Difference.format(Difference.percent(Stat.of(0), Stat.of(100))));
    }
}
