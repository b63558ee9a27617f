package io.gsnode.tools.cli;

import static io.gsnode.tools.results.CellFixture.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.RecordJson;
import io.gsnode.tools.results.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 20, unit = TimeUnit.SECONDS)
class ExtractCommandTest {

    @TempDir
    Path tmp;

    @Test
    void writesASummaryForEveryCellThatHasNone() throws Exception {
        Path a = cell().seed(7).noSummary().writeUnder(tmp.resolve("runs"));
        Path b = cell().seed(8).noSummary().writeUnder(tmp.resolve("runs/deeper"));
        Path c = cell().seed(9).writeUnder(tmp.resolve("runs"));

        CommandRun run = CommandRun.of(new ExtractCommand(), tmp.resolve("runs").toString());

        assertEquals(0, run.status(), run.toString());
        assertEquals(7, RecordJson.readCell(a.resolve("cell.json")).identity().seed());
        assertEquals(8, RecordJson.readCell(b.resolve("cell.json")).identity().seed());
        assertTrue(run.out().contains(c + ": cell.json present, left as is"), run.toString());
        assertTrue(run.err().contains("2 written, 1 left as they were"), run.toString());
    }

    @Test
    void aMissingDirectoryIsAnErrorWithExitTwo() {
        CommandRun run = CommandRun.of(new ExtractCommand(), tmp.resolve("nowhere").toString());
        assertEquals(2, run.status(), run.toString());
        assertTrue(run.err().contains("no such directory: " + tmp.resolve("nowhere")), run.toString());
    }

    @Test
    void aDirectoryWithoutCellsIsAnErrorWithExitTwo() throws Exception {
        Files.createDirectories(tmp.resolve("empty"));
        CommandRun run = CommandRun.of(new ExtractCommand(), tmp.resolve("empty").toString());
        assertEquals(2, run.status(), run.toString());
        assertTrue(run.err().contains("no cell under"), run.toString());
    }

    @Test
    void anUnknownSchemaFailsThatCellAndTheOthersAreStillWritten() throws Exception {
        Path bad = cell().seed(7).noSummary().writeUnder(tmp);
        Path good = cell().seed(8).noSummary().writeUnder(tmp);
        Path records = bad.resolve("records.jsonl");
        Files.writeString(records, Files.readString(records).replace("gsnode.node/1", "gsnode.node/2"));

        CommandRun run = CommandRun.of(new ExtractCommand(), tmp.toString());

        assertEquals(2, run.status(), run.toString());
        assertTrue(run.err().contains("unknown schema 'gsnode.node/2'"), run.toString());
        assertTrue(Files.exists(good.resolve("cell.json")));
        assertTrue(!Files.exists(bad.resolve("cell.json")));
    }

    @Test
    void noDirectoryIsAUsageError() {
        assertEquals(2, CommandRun.of(new ExtractCommand()).status());
    }
}
