package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Keeps {@code shadow-configs/examples/} current: each example is regenerated from
 * {@code examples/topology.json} (the default topology at N = 16: {@code gsnode topology --n 16}) and
 * compared with the checked-in files. A stale example is rewritten in place and the test fails,
 * so the fresh files show up in the diff to be committed.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ExamplesTest {

    private static final Path EXAMPLES = Path.of("examples");

    @ParameterizedTest(name = "{0}")
    @CsvSource({"tcp-fifo, tcp, fifo", "quic-fifo, quic, fifo", "tcp-round-robin, tcp, round-robin"})
    void checkedInExamplesMatchTheGenerator(String name, String transport, String qdisc, @TempDir Path tmp) throws IOException {
        Path topology = EXAMPLES.resolve(ShadowConfig.TOPOLOGY_FILE);
        assertTrue(Files.exists(topology), "missing " + topology.toAbsolutePath());
        Path out = tmp.resolve(name);
        Cells.Run run = Cells.shadow("--topology", topology.toString(), "--out", out.toString(), "--transport", transport,
                "--qdisc", qdisc, "--java", "/usr/bin/java", "--jar", "/opt/gsnode/gsnode.jar");
        assertEquals(0, run.exit(), run.err());
        Path dir = EXAMPLES.resolve(name);
        List<String> stale = new ArrayList<>();
        // The topology copy too: an example directory is a complete cell, runnable where it stands.
        for (String file : new String[] {ShadowConfig.CONFIG_FILE, ShadowConfig.GRAPH_FILE, ShadowConfig.TOPOLOGY_FILE}) {
            String fresh = Files.readString(out.resolve(file));
            Path checkedIn = dir.resolve(file);
            if (!Files.exists(checkedIn) || !Cells.withoutBuild(Files.readString(checkedIn)).equals(Cells.withoutBuild(fresh))) {
                Files.createDirectories(dir);
                Files.writeString(checkedIn, fresh);
                stale.add(checkedIn.toString());
            }
        }
        assertEquals(List.of(), stale, "examples were stale and have been regenerated; commit them");
    }
}
