package io.gsnode.tools.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class MediansTest {

    @Test
    void oddCountTakesTheMiddleValue() {
        assertEquals(Stat.of(200), Medians.median(List.of(Stat.of(300), Stat.of(100), Stat.of(200))));
    }

    @Test
    void evenCountTakesTheMeanOfTheTwoMiddleValues() {
        assertEquals(Stat.of(250), Medians.median(List.of(Stat.of(400), Stat.of(100), Stat.of(300), Stat.of(200))));
    }

    @Test
    void censoredValuesRankAboveEveryNumber() {
        // One censored seed of three: the median is still the middle number.
        assertEquals(Stat.of(170), Medians.median(List.of(Stat.of(150), Stat.CENSORED, Stat.of(170))));
        // Two of three: the median's rank falls on a censored value.
        assertTrue(Medians.median(List.of(Stat.of(150), Stat.CENSORED, Stat.CENSORED)).censored());
        // Even count with one middle value censored: no number can be given.
        assertTrue(Medians.median(List.of(Stat.of(1), Stat.of(2), Stat.CENSORED, Stat.CENSORED)).censored());
    }

    @Test
    void aMissingValueMakesTheMedianMissing() {
        assertTrue(Medians.median(List.of(Stat.of(1), Stat.MISSING, Stat.of(3))).missing());
        assertTrue(Medians.median(List.of()).missing());
    }

    @Test
    void standardDeviationIsTheSampleOneAndNeedsTwoNumbers() {
        // 2, 4, 4, 4, 5, 5, 7, 9: sum of squares 32, n − 1 = 7.
        List<Stat> v = List.of(2, 4, 4, 4, 5, 5, 7, 9).stream().map(Stat::of).toList();
        assertEquals(Math.sqrt(32.0 / 7), Medians.standardDeviation(v).value(), 1e-12);
        assertTrue(Medians.standardDeviation(List.of(Stat.of(1))).missing());
        assertTrue(Medians.standardDeviation(List.of(Stat.of(1), Stat.CENSORED)).missing());
    }
}
