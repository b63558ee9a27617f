package io.gsnode.tools.cli;

import static io.gsnode.tools.results.CellFixture.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.gsnode.tools.results.CommandRun;
import io.gsnode.tools.results.compare.Metric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CompareCommandTest {

    @TempDir
    Path tmp;

    Path shadow;
    Path netns;

    @BeforeEach
    void cells() throws Exception {
        shadow = tmp.resolve("shadow");
        netns = tmp.resolve("netns");
        cell().seed(7).completions(100.0, 150.0).writeUnder(shadow);
        cell().seed(8).completions(200.0, 250.0).writeUnder(shadow);
        cell().seed(9).completions(300.0, 350.0).writeUnder(shadow);
        // netns: seed 7 has three runs (median 110), one of them saturated its host; seed 9 has
        // another wire form, so it is excluded; netns's records carry no cell.json at seed 8.
        cell().backend("netns").seed(7).run(0).completions(90.0, 140.0).host(20, 70, 0).writeUnder(netns);
        cell().backend("netns").seed(7).run(1).completions(110.0, 160.0).host(30, 99, 0.75).writeUnder(netns);
        cell().backend("netns").seed(7).run(2).completions(500.0, 900.0).host(25, 80, 0).writeUnder(netns);
        cell().backend("netns").seed(8).completions(260.0, 300.0).noSummary().writeUnder(netns);
        cell().backend("netns").seed(9).wire(64, 16384, 20).completions(240.0, 280.0).host(10, 40, 0).writeUnder(netns);
    }

    @Test
    void writesMarkdownAndCsvShapedLikeTheReport() throws Exception {
        Path md = tmp.resolve("out/compare.md");
        Path csv = tmp.resolve("out/compare.csv");

        CommandRun run = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + netns,
                "--markdown", md.toString(), "--csv", csv.toString(), "--include-saturated");

        assertEquals(0, run.status(), run.toString());
        assertTrue(run.err().contains("netns against shadow: 2 seed pairs in 1 row; excluded 1: wire form differs (docs/arms.md §13 rule 2): 1"), run.toString());
        String table = Files.readString(md);
        // Seeds 7 and 8: shadow p50 100, 200 (median 150); netns 110, 260 (median 185, +23%);
        // per seed +10% and +30%, median +20%. p99: 150, 250 against 160, 300: +6.7% and +20%.
        assertTrue(table.contains("| atuned_32k | quic | 3 | 1 MiB | home | fifo | 2 | 150 / 200 | 185 / 230 | +23% | +15% | "
                + "+20% [+10% to +30%] | +13% [+7% to +20%] | netns: cpu 25% (peak 99%), saturated in 1 of 3 runs (up to 0.75 s); "
                + "host recorded in 3 of 4 runs |"), table);
        assertTrue(table.contains("seed 9: wire form differs"), table);
        assertTrue(table.contains("64 msgs x 16384 B"), table);

        assertTrue(Files.readString(csv).startsWith("reference,other,arm,transport,n,payload_bytes,scenario,reference_queue,"
                + "other_queue,seeds,metric,unit,reference_value,reference_state,"), "the columns in the report's order");
        // Read back by a CSV parser: every line has the header's columns.
        List<Map<String, String>> lines;
        try (MappingIterator<Map<String, String>> it = new CsvMapper().readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader().withStrictHeaders(true)).readValues(csv.toFile())) {
            lines = it.readAll();
        }
        assertEquals(Metric.values().length, lines.size(), "one line per metric of the one row");
        Map<String, String> p50 = lines.stream().filter(l -> l.get("metric").equals("p50")).findFirst().orElseThrow();
        assertEquals(35, p50.size());
        assertEquals("150", p50.get("reference_value"));
        assertEquals("185", p50.get("other_value"));
        assertEquals("23.333333", p50.get("difference_pct"));
        assertEquals("20", p50.get("per_seed_difference_median_pct"));
        assertEquals("10", p50.get("per_seed_difference_min_pct"));
        assertEquals("30", p50.get("per_seed_difference_max_pct"));
        assertEquals("1", p50.get("other_host_saturated_runs"));
        assertEquals("", p50.get("reference_host_runs"));
    }

    @Test
    void runsOnASaturatedHostAreLeftOutAndListedUnlessAskedFor() {
        CommandRun run = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + netns, "--csv", "-");

        assertEquals(0, run.status(), run.toString());
        assertTrue(run.err().contains("netns: left out ") && run.err().contains(": host saturated for 0.75 s during the delivery"
                + " (--include-saturated keeps it)"), run.toString());
        assertTrue(run.err().contains("excluded 2: wire form differs (docs/arms.md §13 rule 2): 1, run on a saturated host"), run.toString());
        // Seed 7 on netns is now the median of runs 0 and 2 (90 and 500 ms): 295; seed 8: 260.
        assertTrue(run.out().contains("shadow,netns,atuned_32k,quic,3,1048576,home,fifo,fifo,2,p50,ms,150,observed,277.5,observed,"),
                run.toString());
    }

    @Test
    void filtersNarrowWhatIsPaired() {
        CommandRun run = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + netns,
                "--transport", "tcp");
        assertEquals(2, run.status(), run.toString());
        assertTrue(run.err().contains("none of the 3 cells of 'shadow'"), run.toString());
    }

    @Test
    void nothingToPairIsAnErrorThatSaysWhy() throws Exception {
        Path other = tmp.resolve("other");
        cell().backend("netns").seed(7).queue("fq_codel").writeUnder(other);

        CommandRun run = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + other);

        assertEquals(2, run.status(), run.toString());
        assertTrue(run.err().contains("nothing to pair against 'shadow'"), run.toString());
        assertTrue(run.err().contains("counterpart only under another queue"), run.toString());
        assertEquals("", run.out());
    }

    @Test
    void queueAgnosticSidesPairWithEveryQueue() throws Exception {
        Path other = tmp.resolve("other");
        cell().backend("netns").seed(7).queue("fq_codel").completions(120.0, 180.0).writeUnder(other);

        CommandRun run = CommandRun.of(new CompareCommand(), "--backend", "netns=" + other, "--backend", "harness=" + shadow,
                "--reference", "harness", "--queue-agnostic", "harness", "--csv", "-");

        assertEquals(0, run.status(), run.toString());
        assertTrue(run.out().contains("harness,netns,atuned_32k,quic,3,1048576,home,fifo,fq_codel,1,p50,ms,100,observed,120,observed,20,"),
                run.toString());
    }

    @Test
    void implementationsPairOnlyWhenAskedAndOnOneBackend() throws Exception {
        Path cells = tmp.resolve("impls");
        cell().backend("netns").impl("go").seed(7).completions(50.0, 80.0).writeUnder(cells);
        cell().backend("netns").impl("go").seed(8).completions(60.0, 90.0).writeUnder(cells);
        cell().backend("netns").seed(7).completions(100.0, 160.0).writeUnder(cells);
        cell().backend("netns").seed(8).completions(120.0, 180.0).writeUnder(cells);

        CommandRun byImpl = CommandRun.of(new CompareCommand(), "--pair", "impl", "--backend", "netns=" + cells, "--csv", "-");
        assertEquals(0, byImpl.status(), byImpl.toString());
        assertTrue(byImpl.err().contains("java against go: 2 seed pairs in 1 row"), byImpl.toString());
        // go is the reference: p50 50 and 60 (median 55) against java's 100 and 120 (median 110).
        assertTrue(byImpl.out().contains("go,java,atuned_32k,quic,3,1048576,home,fifo,fifo,2,p50,ms,55,observed,110,observed,100,"),
                byImpl.toString());

        // As backends, a go cell is no counterpart of a java cell.
        Path goOnly = tmp.resolve("go-only");
        cell().backend("netns").impl("go").seed(7).writeUnder(goOnly);
        CommandRun byBackend = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + goOnly);
        assertEquals(2, byBackend.status(), byBackend.toString());
        assertTrue(byBackend.err().contains("nothing to pair against 'shadow'"), byBackend.toString());
        assertTrue(byBackend.err().contains("0 seed pairs in 0 rows; excluded 4: no counterpart: 4"), byBackend.toString());

        CommandRun twoBackends = CommandRun.of(new CompareCommand(), "--pair", "impl", "--backend", "netns=" + cells,
                "--backend", "shadow=" + shadow);
        assertEquals(2, twoBackends.status(), twoBackends.toString());
        assertTrue(twoBackends.err().contains("one backend's cells; these are of [netns, shadow]"), twoBackends.toString());

        CommandRun oneImpl = CommandRun.of(new CompareCommand(), "--pair", "impl", "--backend", "shadow=" + shadow);
        assertEquals(2, oneImpl.status(), oneImpl.toString());
        assertTrue(oneImpl.err().contains("at least two implementations; found only [java]"), oneImpl.toString());
    }

    @Test
    void onlyCellsOfTheSameConditionPair() throws Exception {
        // shadow has cold cells at seeds 7-9 (setUp); netns has warm ones at 7 and 8, and a cold one at 8.
        Path warm = tmp.resolve("warm-netns");
        cell().backend("netns").condition("warm").seed(7).completions(300.0, 400.0).writeUnder(warm);
        cell().backend("netns").condition("warm").seed(8).completions(320.0, 420.0).writeUnder(warm);
        cell().backend("netns").seed(8).completions(210.0, 260.0).writeUnder(warm);
        Path warmShadow = tmp.resolve("warm-shadow");
        cell().condition("warm").seed(7).completions(280.0, 380.0).writeUnder(warmShadow);
        // A summary from before the field: cold.
        cell().condition(null).seed(8).completions(200.0, 250.0).writeUnder(warmShadow);

        CommandRun run = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + warmShadow, "--backend", "netns=" + warm,
                "--csv", "-", "--include-saturated");
        assertEquals(0, run.status(), run.toString());
        assertTrue(run.err().contains("netns against shadow: 2 seed pairs in 2 rows; excluded 1: no counterpart: 1"), run.toString());
        // The warm pair (seed 7) and the cold pair (seed 8) are separate rows, the warm one named so.
        assertTrue(run.out().contains("shadow,netns,\"atuned_32k warm\",quic,3,1048576,home,fifo,fifo,1,p50,ms,280,observed,300,observed,"),
                run.toString());
        assertTrue(run.out().contains("shadow,netns,atuned_32k,quic,3,1048576,home,fifo,fifo,1,p50,ms,200,observed,210,observed,"),
                run.toString());
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        CommandRun missing = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + tmp.resolve("nope"));
        assertEquals(2, missing.status(), missing.toString());
        assertTrue(missing.err().contains("no such directory"), missing.toString());

        CommandRun one = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow);
        assertEquals(2, one.status(), one.toString());
        assertTrue(one.err().contains("at least two"), one.toString());

        CommandRun noName = CommandRun.of(new CompareCommand(), "--backend", shadow.toString(), "--backend", "netns=" + netns);
        assertEquals(2, noName.status(), noName.toString());
        assertTrue(noName.err().contains("--backend takes NAME=DIR"), noName.toString());

        CommandRun badRef = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + netns,
                "--reference", "harness");
        assertEquals(2, badRef.status(), badRef.toString());

        Path summary = Files.list(shadow).findFirst().orElseThrow().resolve("cell.json");
        Files.writeString(summary, Files.readString(summary).replace("gsnode.cell/1", "gsnode.cell/7"));
        CommandRun schema = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + netns);
        assertEquals(2, schema.status(), schema.toString());
        assertTrue(schema.err().contains("unknown schema 'gsnode.cell/7'"), schema.toString());
    }

    @Test
    void cellsOfTwoBuildsAreRefusedUnlessAllowedAndThenListed() throws Exception {
        Path later = tmp.resolve("later");
        cell().backend("netns").seed(7).commit("fedcba9876543210fedcba9876543210fedcba98").completions(95.0, 145.0).writeUnder(later);

        CommandRun refused = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + later);
        assertEquals(2, refused.status(), refused.toString());
        assertTrue(refused.err().contains("the cells come from 2 builds; shadow: gsnode 0123456789ab (3 cells); "
                + "netns: gsnode fedcba987654 (1 cell)"), refused.toString());
        assertEquals("", refused.out());

        CommandRun allowed = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + later,
                "--allow-mixed-builds");
        assertEquals(0, allowed.status(), allowed.toString());
        assertTrue(allowed.out().contains("Builds: shadow: gsnode 0123456789ab (3 cells); netns: gsnode fedcba987654 (1 cell)."),
                allowed.toString());
    }

    @Test
    void cellsWhoseSettingsDifferDoNotPairAndTheKeysAreNamed() throws Exception {
        Path tuned = tmp.resolve("tuned");
        cell().backend("netns").seed(7).gossip(Map.of("d", 6)).completions(95.0, 145.0).writeUnder(tuned);
        cell().backend("netns").seed(8).completions(195.0, 245.0).writeUnder(tuned);

        CommandRun run = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + tuned);

        assertEquals(0, run.status(), run.toString());
        assertTrue(run.out().contains("settings differ (shadow vs netns: gossipsub.d: 8 vs 6)"), run.toString());
        assertTrue(run.err().contains("1 seed"), run.toString());
    }

    @Test
    void aSidesBackendIsTheOneItsRecordsName() {
        CommandRun run = CommandRun.of(new CompareCommand(), "--backend", "netns=" + shadow, "--backend", "shadow=" + netns);

        assertEquals(2, run.status(), run.toString());
        assertTrue(run.err().contains("side 'netns' (" + shadow + ") holds shadow cells, by their records"), run.toString());
    }

    @Test
    void aPayloadFilterTakesUnitsAsEveryCommandDoes() {
        CommandRun run = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + netns,
                "--payload", "1MiB", "--csv", "-");
        assertEquals(0, run.status(), run.toString());
        CommandRun bad = CommandRun.of(new CompareCommand(), "--backend", "shadow=" + shadow, "--backend", "netns=" + netns,
                "--payload", "1MB");
        assertEquals(2, bad.status(), bad.toString());
        assertTrue(bad.err().contains("'1MB' is not a size"), bad.toString());
    }
}
