package io.gsnode.app;

import static io.gsnode.app.GsnodeJar.JAR;
import static io.gsnode.app.GsnodeJar.JAVA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gsnode.formats.record.RecordJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gsnode study} end to end on Shadow: a two-cell study stopped after its first cell resumes
 * without rerunning it, and its report prints the table; a directory holding another study is refused.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class StudyIT {

    @TempDir
    Path dir;

    @Test
    void aStoppedStudyResumesWithoutRerunningACompleteCell() throws Exception {
        Optional<Path> shadow = GsnodeJar.findShadow();
        assumeTrue(shadow.isPresent(), "no Shadow");
        Path spec = Files.writeString(dir.resolve("two.yaml"), """
                name: two
                cells:
                  backend: shadow
                  shadow: %s
                  n: 4
                  degree: 3
                  payload: 65536
                  subscribe-at: 2000
                  publish-at: 5000
                  hold: 3000
                  seed: [7, 8]
                """.formatted(shadow.get()));
        Path out = dir.resolve("study");

        Process first = start(spec, out);
        Path firstCell = out.resolve("s7").resolve("cell.json");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (!state(out, "s8").equals("running") && first.isAlive() && System.nanoTime() < deadline) Thread.sleep(100);
        assertEquals("running", state(out, "s8"), "the second cell started after the first: " + log(out));
        first.destroy(); // SIGTERM: as Ctrl-C, the study's stop
        assertTrue(first.waitFor(60, TimeUnit.SECONDS));
        assertEquals(143, first.exitValue());
        assertEquals("done", state(out, "s7"));
        assertEquals("pending", state(out, "s8"), "a stopped cell stays pending");
        FileTime firstDone = Files.getLastModifiedTime(firstCell);

        Process again = start(spec, out);
        assertTrue(again.waitFor(5, TimeUnit.MINUTES), "the resumed study ends");
        String err = Files.readString(out.resolveSibling("study.err"), StandardCharsets.UTF_8);
        assertEquals(0, again.exitValue(), err);
        assertTrue(err.contains("study two: 1 of 2 cells already complete, skipped"), err);
        assertEquals(firstDone, Files.getLastModifiedTime(firstCell), "the complete cell was not rerun");
        assertEquals("done", state(out, "s8"));

        Process report = new ProcessBuilder(JAVA.toString(), "-jar", JAR.toString(), "study", "report", out.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String table = new String(report.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(report.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, report.exitValue(), table);
        assertTrue(table.contains("| wholend | tcp | 2 | "), table);
        assertTrue(table.contains("Builds: gsnode "), table);

        Path other = Files.writeString(dir.resolve("other.yaml"), "name: other\ncells:\n  seed: [7, 8]\n");
        Process refused = start(other, out);
        assertTrue(refused.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, refused.exitValue());
        assertTrue(Files.readString(out.resolveSibling("study.err")).contains("holds the study 'two', not 'other'"));
    }

    private Process start(Path spec, Path out) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(JAVA.toString(), "-jar", JAR.toString(), "study", spec.toString(), "--out",
                out.toString(), "--cost-history", dir.resolve("costs.jsonl").toString()));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(out.resolveSibling("study.err").toFile()).start();
    }

    private static String state(Path out, String cell) throws IOException {
        Path index = out.resolve("study.json");
        if (!Files.isRegularFile(index)) return "none";
        for (JsonNode c : RecordJson.MAPPER.readTree(index.toFile()).path("cells")) {
            if (c.path("name").asText().equals(cell)) return c.path("state").asText();
        }
        return "none";
    }

    private static String log(Path out) throws IOException {
        Path err = out.resolveSibling("study.err");
        return Files.isRegularFile(err) ? Files.readString(err) : "";
    }
}
