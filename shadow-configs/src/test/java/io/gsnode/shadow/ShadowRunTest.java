package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 4-node cell under a real Shadow, found as {@link ShadowBinary} says; skipped with a message
 * where there is none (CI has none). Every node must exit 0 as the config expects, and
 * write a complete record in which every receiver completed.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class ShadowRunTest {

    @Test
    void aFourNodeCellRunsUnderShadowAndEveryRecordIsComplete(@TempDir Path tmp) throws Exception {
        Optional<ShadowBinary> shadow = ShadowBinary.find();
        System.out.println("ShadowRunTest: " + shadow.map(s -> "using " + s.describe()).orElse("skipped: " + ShadowBinary.WHERE));
        assumeTrue(shadow.isPresent(), ShadowBinary.WHERE);
        Path topology = Cells.write(Cells.ring(4), tmp.resolve("ring4.json"));
        Path out = tmp.resolve("cell");
        Cells.Run gen = Cells.shadow("--topology", topology.toString(), "--out", out.toString(), "--payload", "65536",
                "--publish-at", "15000", "--hold", "5000", "--java", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--jar", System.getProperty("java.class.path"));
        assertEquals(0, gen.exit(), gen.err());
        Process p = new ProcessBuilder(shadow.get().path().toString(), ShadowConfig.CONFIG_FILE).directory(out.toFile())
                .redirectErrorStream(true).redirectOutput(out.resolve("shadow.log").toFile()).start();
        assertTrue(p.waitFor(540, TimeUnit.SECONDS), "shadow did not finish");
        assertEquals(0, p.exitValue(), "shadow failed; see " + out.resolve("shadow.log") + ":\n" + Files.readString(out.resolve("shadow.log")));
        ObjectMapper json = new ObjectMapper();
        for (int i = 0; i < 4; i++) {
            Path record = out.resolve(ShadowConfig.DATA_DIRECTORY).resolve("hosts").resolve(HostNames.of(i)).resolve(ShadowConfig.RECORD_FILE);
            assertTrue(Files.exists(record), "node " + i + " wrote no record");
            JsonNode r = json.readTree(record.toFile());
            assertEquals("shadow", r.get("backend").asText());
            assertEquals("complete", r.get("status").asText());
            if (i != 0) assertTrue(r.get("completed").asBoolean(), "receiver " + i + " did not complete");
        }
    }
}
