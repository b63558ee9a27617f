package io.gsnode.app.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner's scheduling: how many cells run side by side under --jobs and the memory budget, and
 * what a failed cell leaves. Each cell here is a small shell process that leaves a cell.json, so
 * that the schedule is what is tested; StudyIT runs real cells.
 */
@Timeout(60)
class StudyRunnerTest {

    @TempDir
    Path dir;

    private static final String CELL_JSON = "{\"schema\":\"gsnode.cell/1\",\"cell\":\"c\",\"backend\":\"local\",\"arm\":\"wholend\","
            + "\"transport\":\"tcp\",\"impl\":\"java\",\"seed\":7,\"n\":4,\"payload_bytes\":1048576,\"scenario\":\"home\","
            + "\"receivers\":3,\"completed\":3,\"p50_ms\":100.0,\"p99_ms\":120.0}";

    @Test
    void twoJobsRunSideBySideWhenTheBudgetHoldsBoth() throws Exception {
        assertEquals(2, maxOverlap(run(2, 1000)));
    }

    @Test
    void aBudgetForOneRunsOneAtATimeWhateverTheJobs() throws Exception {
        assertEquals(1, maxOverlap(run(2, 150)));
    }

    @Test
    void aFailedCellIsMarkedWithItsLastLogLineAndTheStudyExitsOne() throws Exception {
        StudyIndex index = index(3);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        StudyRunner runner = new StudyRunner("t", dir, index, plan(3), estimates(3), 1, 1000,
                CellCost.read(dir.resolve("costs.jsonl")), (args, out) -> List.of("sh", "-c",
                "echo 'gsnode cell: the last thing it said' ; exit 1"), new PrintStream(err, true));

        assertEquals(1, runner.run());
        assertEquals(3, index.count(StudyIndex.State.failed));
        assertEquals("gsnode cell: the last thing it said", index.get("s1").error());
        assertTrue(err.toString().contains("s1 FAILED (exit 1): gsnode cell: the last thing it said"), err.toString());
    }

    private List<long[]> run(int jobs, double budgetMib) throws Exception {
        Path times = dir.resolve("times.log");
        Path fixture = Files.writeString(dir.resolve("fixture.json"), CELL_JSON);
        StudyIndex index = index(4);
        StudyRunner runner = new StudyRunner("t", dir, index, plan(4), estimates(4), jobs, budgetMib,
                CellCost.read(dir.resolve("costs.jsonl")), (args, out) -> List.of("sh", "-c",
                "echo start $(date +%s%N) >> " + times + "; sleep 1; cp " + fixture + " " + out + "/cell.json; "
                        + "touch " + out + "/records.jsonl; echo end $(date +%s%N) >> " + times), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(0, runner.run());
        assertEquals(4, index.count(StudyIndex.State.done));
        List<long[]> events = new ArrayList<>();
        for (String line : Files.readAllLines(times)) {
            String[] p = line.split(" ");
            events.add(new long[] {Long.parseLong(p[1]), p[0].equals("start") ? 1 : -1});
        }
        return events;
    }

    /** The most cells that ran at once. */
    private static int maxOverlap(List<long[]> events) {
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int now = 0;
        int max = 0;
        for (long[] e : events) {
            now += (int) e[1];
            max = Math.max(max, now);
        }
        return max;
    }

    private List<PlannedCell> plan(int n) {
        List<PlannedCell> cells = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            Map<String, Object> point = new LinkedHashMap<>();
            point.put("seed", (long) i);
            cells.add(new PlannedCell("s" + i, point, List.of("--seed", Integer.toString(i))));
        }
        return cells;
    }

    /** Every cell estimated at 100 MiB and 1 s. */
    private static Map<String, CellCost.Estimate> estimates(int n) {
        Map<String, CellCost.Estimate> out = new LinkedHashMap<>();
        for (int i = 1; i <= n; i++) out.put("s" + i, new CellCost.Estimate(1, 100, "test"));
        return out;
    }

    private StudyIndex index(int n) throws Exception {
        Map<String, List<Object>> cells = new LinkedHashMap<>();
        List<Object> seeds = new ArrayList<>();
        for (int i = 1; i <= n; i++) seeds.add((long) i);
        cells.put("seed", seeds);
        Map<String, String> keys = new LinkedHashMap<>();
        for (int i = 1; i <= n; i++) keys.put("s" + i, "k");
        return StudyIndex.open(dir, new StudySpec("t", cells, List.of()), plan(n), keys);
    }
}
