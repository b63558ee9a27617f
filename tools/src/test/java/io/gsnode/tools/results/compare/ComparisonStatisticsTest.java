package io.gsnode.tools.results.compare;

import static io.gsnode.tools.results.CellFixture.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.Stat;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Known answers for docs/arms.md §13. Cells have two receivers, so p50 is the earlier completion
 * and p99 the later one (rank ceil(q × 2) − 1).
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ComparisonStatisticsTest {

    private static Pairing.Side side(String name, List<Cell> cells) {
        return new Pairing.Side(name, cells, false);
    }

    private static Comparison compare(Pairing.Side reference, Pairing.Side other) {
        return Comparison.of(Pairing.pair(reference, other));
    }

    @Test
    void sidesAreMediansAcrossSeedsOfTheMedianOfEachSeedsRuns() {
        List<Cell> shadow = List.of(
                cell().seed(7).completions(100.0, 150.0).asCell("shadow"),
                cell().seed(8).completions(200.0, 250.0).asCell("shadow"),
                cell().seed(9).completions(300.0, 350.0).asCell("shadow"));
        List<Cell> netns = new ArrayList<>();
        // Seed 7 has three runs; its statistic is their median, 110 (p50) and 160 (p99).
        netns.add(cell().backend("netns").seed(7).run(0).completions(90.0, 140.0).asCell("netns"));
        netns.add(cell().backend("netns").seed(7).run(1).completions(110.0, 160.0).asCell("netns"));
        netns.add(cell().backend("netns").seed(7).run(2).completions(500.0, 900.0).asCell("netns"));
        netns.add(cell().backend("netns").seed(8).completions(260.0, 300.0).asCell("netns"));
        netns.add(cell().backend("netns").seed(9).completions(240.0, 280.0).asCell("netns"));

        Comparison c = compare(side("shadow", shadow), side("netns", netns));

        assertEquals(1, c.rows().size());
        assertEquals(3, c.rows().get(0).group().seeds().size());
        MetricComparison p50 = c.rows().get(0).metric(Metric.P50);
        assertEquals(Stat.of(200), p50.reference());
        assertEquals(Stat.of(240), p50.other());
        assertEquals(20.0, p50.difference().value(), 1e-9);
        // Per seed: 110/100 = +10%, 260/200 = +30%, 240/300 = −20%.
        assertEquals(10.0, p50.perSeed().median().value(), 1e-9);
        assertEquals(-20.0, p50.perSeed().min().value(), 1e-9);
        assertEquals(30.0, p50.perSeed().max().value(), 1e-9);
        assertEquals("+10% [-20% to +30%]", p50.perSeed().format());

        MetricComparison p99 = c.rows().get(0).metric(Metric.P99);
        assertEquals(Stat.of(250), p99.reference());
        assertEquals(Stat.of(280), p99.other());
        assertEquals("+12%", Difference.format(p99.difference()));
        assertTrue(c.pairing().exclusions().isEmpty());
    }

    @Test
    void perSeedDifferencesOfTwiceOrMoreAreMultipliersInTheRange() {
        List<Cell> ref = List.of(cell().seed(7).completions(100.0, 100.0).asCell("shadow"),
                cell().seed(8).completions(100.0, 100.0).asCell("shadow"));
        List<Cell> other = List.of(cell().seed(7).completions(250.0, 250.0).asCell("netns"),
                cell().seed(8).completions(110.0, 110.0).asCell("netns"));
        MetricComparison p50 = compare(side("shadow", ref), side("netns", other)).rows().get(0).metric(Metric.P50);
        // Per seed +150% and +10%: median of two is their mean, +80%; the range's top is a ratio of 2.5.
        assertEquals("+80% [+10% to ×2.5]", p50.perSeed().format());
        assertEquals("+80%", Difference.format(p50.difference()));
    }

    @Test
    void differentWireFormsAreNeverPairedAndAreCounted() {
        List<Cell> ref = List.of(cell().seed(7).asCell("shadow"), cell().seed(8).asCell("shadow"), cell().seed(9).asCell("shadow"));
        List<Cell> other = List.of(cell().seed(7).wire(64, 16384, 20).asCell("netns"), cell().seed(8).asCell("netns"),
                cell().seed(9).wire(32, 32768, 56).asCell("netns"));

        PairingResult pairing = Pairing.pair(side("shadow", ref), side("netns", other));

        assertEquals(1, pairing.pairedSeeds());
        assertEquals(8, pairing.groups().get(0).seeds().get(0).seed());
        assertEquals(2, pairing.exclusions().size());
        assertTrue(pairing.exclusions().stream().allMatch(e -> e.reason() == Exclusion.Reason.WIRE_FORM));
        assertTrue(pairing.summary().contains("excluded 2: wire form differs (docs/arms.md §13 rule 2): 2"), pairing.summary());
        assertTrue(pairing.exclusions().get(0).toString().contains("64 msgs x 16384 B"), pairing.exclusions().get(0).toString());
    }

    @Test
    void aCellWithoutAWireFormIsExcludedNotGuessed() {
        PairingResult pairing = Pairing.pair(side("shadow", List.of(cell().asCell("shadow"))),
                side("netns", List.of(cell().noWireForm().asCell("netns"))));
        assertEquals(0, pairing.pairedSeeds());
        assertEquals(Exclusion.Reason.WIRE_FORM_UNKNOWN, pairing.exclusions().get(0).reason());
    }

    @Test
    void queuesPairOnlyWithTheSameQueue() {
        List<Cell> shadow = List.of(cell().seed(7).queue("fifo").asCell("shadow"), cell().seed(8).queue("fifo").asCell("shadow"));
        List<Cell> netns = List.of(cell().seed(7).queue("fifo").asCell("netns"), cell().seed(8).queue("fq_codel").asCell("netns"));

        PairingResult pairing = Pairing.pair(side("shadow", shadow), side("netns", netns));

        assertEquals(1, pairing.pairedSeeds());
        assertEquals("fifo", pairing.groups().get(0).queueLabel());
        // Seed 8 is left out on both sides: shadow's FIFO cell and netns's fq_codel cell.
        assertEquals(2, pairing.exclusions().size());
        assertTrue(pairing.exclusions().stream().allMatch(e -> e.reason() == Exclusion.Reason.QUEUE));
    }

    @Test
    void aQueueAgnosticReferenceStandsBesideEveryQueue() {
        List<Cell> harness = List.of(cell().seed(7).queue("none").asCell("harness"));
        List<Cell> netns = List.of(cell().seed(7).queue("fifo").completions(110.0, 160.0).asCell("netns"),
                cell().seed(7).queue("fq_codel").completions(120.0, 170.0).asCell("netns"));

        Comparison c = compare(new Pairing.Side("harness", harness, true), side("netns", netns));

        assertEquals(2, c.rows().size());
        assertEquals("none / fifo", c.rows().get(0).group().queueLabel());
        assertEquals("none / fq_codel", c.rows().get(1).group().queueLabel());
        assertEquals("+10%", Difference.format(c.rows().get(0).metric(Metric.P50).difference()));
        assertEquals("+20%", Difference.format(c.rows().get(1).metric(Metric.P50).difference()));
        assertTrue(c.pairing().exclusions().isEmpty());
    }

    @Test
    void unmatchedSeedsAreCountedOnTheirSide() {
        PairingResult pairing = Pairing.pair(side("shadow", List.of(cell().seed(7).asCell("shadow"), cell().seed(12).asCell("shadow"))),
                side("netns", List.of(cell().seed(7).asCell("netns"))));
        assertEquals(1, pairing.pairedSeeds());
        assertEquals(1, pairing.exclusions().size());
        Exclusion e = pairing.exclusions().get(0);
        assertEquals(Exclusion.Reason.NO_COUNTERPART, e.reason());
        assertEquals("shadow", e.side());
        assertTrue(e.what().contains("seed 12"), e.what());
    }

    @Test
    void censoredReceiversStayCensoredThroughEveryStep() {
        // One of the two receivers never completes at seed 8: its p50 is a number, its p99 is censored.
        List<Cell> ref = List.of(cell().seed(7).completions(100.0, 150.0).asCell("shadow"),
                cell().seed(8).completions(100.0, 170.0).asCell("shadow"),
                cell().seed(9).completions(100.0, 190.0).asCell("shadow"));
        List<Cell> other = List.of(cell().seed(7).completions(100.0, 160.0).asCell("netns"),
                cell().seed(8).completions(100.0, null).asCell("netns"),
                cell().seed(9).completions(100.0, null).asCell("netns"));

        ComparisonRow row = compare(side("shadow", ref), side("netns", other)).rows().get(0);

        assertTrue(other.get(1).summary().p99Ms() == null, "p99 among the never-completed receiver is censored");
        assertEquals(1, other.get(1).summary().completed());
        assertEquals(2, other.get(1).summary().receivers());
        MetricComparison p99 = row.metric(Metric.P99);
        assertEquals(Stat.of(170), p99.reference());
        assertTrue(p99.other().censored(), "two of three seeds censored: the median's rank falls on a censored one");
        assertEquals("censored", Difference.format(p99.difference()));
        assertEquals("censored at 2 of 3 seeds", p99.perSeed().format());
        // p50 never reaches the censored receiver and stays a number.
        assertEquals("0%", Difference.format(row.metric(Metric.P50).difference()));
    }

    @Test
    void hostSaturationIsSummarisedForNetnsSides() {
        List<Cell> ref = List.of(cell().seed(7).asCell("shadow"), cell().seed(8).asCell("shadow"));
        List<Cell> netns = List.of(cell().backend("netns").seed(7).run(0).host(30, 98, 1.25).asCell("netns"),
                cell().backend("netns").seed(7).run(1).host(20, 80, 0).asCell("netns"),
                cell().backend("netns").seed(8).host(10, 60, 0).asCell("netns"));

        ComparisonRow row = compare(side("shadow", ref), side("netns", netns)).rows().get(0);

        assertEquals(null, row.referenceHost());
        assertEquals("cpu 20% (peak 98%), saturated in 1 of 3 runs (up to 1.25 s)", row.otherHost().format());
        List<Cell> quiet = List.of(cell().backend("netns").seed(7).asCell("netns"));
        ComparisonRow unrecorded = compare(side("shadow", ref), side("netns", quiet)).rows().get(0);
        assertEquals("host not recorded", unrecorded.otherHost().format());
    }
}
