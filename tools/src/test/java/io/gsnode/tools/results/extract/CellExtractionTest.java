package io.gsnode.tools.results.extract;

import static io.gsnode.tools.results.CellFixture.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.tools.results.CellDirectories;
import io.gsnode.tools.results.InputProblem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class CellExtractionTest {

    @TempDir
    Path tmp;

    @Test
    void summarisesRecordsWithNeverCompletedReceiversCensored() throws Exception {
        // Receivers 1..4: two complete, two never do; population 4, so p50 is rank 1 and p99 rank 3.
        Path dir = cell().completions(100.0, null, 300.0, null).noSummary().writeUnder(tmp);

        CellExtraction.Outcome outcome = CellExtraction.extract(dir, false);

        assertTrue(outcome.written());
        CellSummary s = RecordJson.readCell(dir.resolve("cell.json"));
        assertEquals(4, s.receivers());
        assertEquals(2, s.completed());
        assertEquals(300.0, s.p50Ms());
        assertNull(s.p90Ms(), "rank 3 lies among the never-completed receivers");
        assertNull(s.p99Ms());
        assertNull(s.maxMs());
        assertEquals(0.5, s.rateAtDeadline());
        assertTrue(outcome.describe().contains("2/4 receivers completed (2 censored)"), outcome.describe());
    }

    /** An exported study keeps each cell's records gzipped (gsnode study export): extract reads them as they are. */
    @Test
    void anExportedCellsGzippedRecordsAreRead() throws Exception {
        Path dir = cell().completions(100.0, null, 300.0, null).noSummary().writeUnder(tmp);
        Path jsonl = dir.resolve("records.jsonl");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve("records.jsonl.gz")))) {
            out.write(Files.readAllBytes(jsonl));
        }
        Files.delete(jsonl);

        CellExtraction.Outcome outcome = CellExtraction.extract(dir, false);

        assertTrue(outcome.written());
        CellSummary s = RecordJson.readCell(dir.resolve("cell.json"));
        assertEquals(4, s.receivers());
        assertEquals(300.0, s.p50Ms());
    }

    @Test
    void aNodeWithoutARecordCountsAsALostReceiver() throws Exception {
        Path dir = cell().completions(100.0, 200.0, 300.0).noSummary().writeUnder(tmp);
        // The runner died before gathering: only per-node files, and node 2 never wrote one.
        Path nodes = Files.createDirectories(dir.resolve("nodes"));
        for (NodeRecord r : RecordJson.readNodes(dir.resolve("records.jsonl"))) {
            if (r.index() != 2) Files.writeString(nodes.resolve("node-" + r.index() + ".json"), RecordJson.line(r) + "\n");
        }
        Files.delete(dir.resolve("records.jsonl"));

        CellExtraction.Outcome outcome = CellExtraction.extract(dir, false);

        assertEquals(1, outcome.filledIn());
        CellSummary s = outcome.summary();
        assertEquals(3, s.receivers());
        assertEquals(2, s.completed());
        assertEquals(1, s.lost());
        assertEquals(300.0, s.p50Ms(), "rank 1 of population 3: 100, 300, then the lost node");
        assertNull(s.p99Ms());
        assertTrue(outcome.describe().contains("1 node without a record counted as lost"), outcome.describe());
        // The lost node's counters were never seen: medians over the two that counted, not a 0 among them.
        assertEquals(1_000_000L, s.medianRxDataBytes());
        assertEquals(2L, s.medianDuplicates());
    }

    /** No receiver left a record: its counters are unknown (null), never 0. */
    @Test
    void anAllLostCellHasNoCountersNotZeros() throws Exception {
        Path dir = cell().completions(100.0, 200.0).noSummary().writeUnder(tmp);
        Path nodes = Files.createDirectories(dir.resolve("nodes"));
        for (NodeRecord r : RecordJson.readNodes(dir.resolve("records.jsonl"))) {
            if ("publisher".equals(r.role())) Files.writeString(nodes.resolve("node-" + r.index() + ".json"), RecordJson.line(r) + "\n");
        }
        Files.delete(dir.resolve("records.jsonl"));

        CellSummary s = CellExtraction.extract(dir, false).summary();

        assertEquals(2, s.lost());
        assertNull(s.medianRxDataBytes());
        assertNull(s.medianRxControlBytes());
        assertNull(s.medianDuplicates());
        String json = Files.readString(dir.resolve("cell.json"));
        assertTrue(json.contains("\"median_duplicates\":null"), json);
    }

    /** A Shadow config run by hand: each host's record.json under shadow.data/hosts/<host>/, nothing gathered. */
    @Test
    void aHandRunShadowDirectoryIsReadFromItsHostsRecords() throws Exception {
        Path dir = cell().backend("shadow").completions(100.0, 200.0, 300.0).noSummary().writeUnder(tmp);
        for (NodeRecord r : RecordJson.readNodes(dir.resolve("records.jsonl"))) {
            if (r.index() == 3) continue; // a host that ended without a record
            Path host = Files.createDirectories(dir.resolve("shadow.data").resolve("hosts").resolve("node" + r.index()));
            Files.writeString(host.resolve("record.json"), RecordJson.line(r) + "\n");
        }
        Files.delete(dir.resolve("records.jsonl"));
        assertEquals(java.util.List.of(dir), CellDirectories.find(tmp), "the Shadow directory is found as a cell");

        CellExtraction.Outcome outcome = CellExtraction.extract(dir, false);

        assertTrue(outcome.written(), outcome.describe());
        CellSummary s = outcome.summary();
        assertEquals("shadow", s.identity().backend());
        assertEquals(3, s.receivers());
        assertEquals(2, s.completed());
        assertEquals(1, s.lost());
        assertEquals(1, outcome.filledIn());
    }

    @Test
    void aRunnersSummaryIsLeftAloneUnlessForcedAndThenKeepsItsHost() throws Exception {
        Path dir = cell().backend("netns").host(35, 98, 1.25).writeUnder(tmp);
        String before = Files.readString(dir.resolve("cell.json"));

        assertFalse(CellExtraction.extract(dir, false).written());
        assertEquals(before, Files.readString(dir.resolve("cell.json")));

        assertTrue(CellExtraction.extract(dir, true).written());
        Map<String, Object> host = RecordJson.readCell(dir.resolve("cell.json")).host();
        assertEquals(1.25, ((Number) host.get("saturated_s")).doubleValue());
    }

    @Test
    void anUnknownSchemaIsRefusedWithItsFile() throws Exception {
        Path dir = cell().noSummary().writeUnder(tmp);
        Path records = dir.resolve(CellDirectories.RECORDS);
        Files.writeString(records, Files.readString(records).replace("gsnode.node/1", "gsnode.node/9"));

        InputProblem e = assertThrows(InputProblem.class, () -> CellExtraction.extract(dir, false));

        assertTrue(e.getMessage().contains("unknown schema 'gsnode.node/9'"), e.getMessage());
        assertTrue(e.getMessage().contains(records.toString()), e.getMessage());
        assertFalse(Files.exists(dir.resolve("cell.json")));
    }

    @Test
    void recordsOfTwoCellsInOneDirectoryAreRefused() throws Exception {
        Path dir = cell().seed(7).noSummary().writeUnder(tmp);
        String other = RecordJson.line(cell().seed(8).records().get(1));
        Files.writeString(dir.resolve(CellDirectories.RECORDS), Files.readString(dir.resolve(CellDirectories.RECORDS)) + other + "\n");

        InputProblem e = assertThrows(InputProblem.class, () -> CellExtraction.extract(dir, false));

        assertTrue(e.getMessage().contains("records of more than one cell"), e.getMessage());
    }
}
