package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The generator's output for {@link Cells#threeNodes()}, byte for byte, over QUIC and TCP and
 * both queues, against files under {@code src/test/resources/golden/}. A deliberate change
 * regenerates them with {@code -Dgsnode.updateGolden=true}; then read the diff.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class GoldenConfigTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"tcp, fifo", "tcp, round-robin", "quic, fifo", "quic, round-robin"})
    void generatedFilesMatchTheGoldenOnesAndPassTheValidator(String transport, String qdisc, @TempDir Path tmp) throws IOException {
        Path topology = Cells.write(Cells.threeNodes(), tmp.resolve("three.json"));
        Path out = tmp.resolve("out");
        Cells.Run run = Cells.shadow("--topology", topology.toString(), "--out", out.toString(), "--transport", transport,
                "--qdisc", qdisc, "--arm", "wholend", "--payload", "65536", "--publish-at", "20000", "--hold", "5000");
        assertEquals(0, run.exit(), run.err());
        assertTrue(ShadowConfigValidator.check(out.resolve(ShadowConfig.CONFIG_FILE)).valid());
        assertTrue(Files.readString(out.resolve(ShadowConfig.CONFIG_FILE)).contains("  build:\n    name: \"gsnode\"\n    version: "),
                "the config names the build that wrote it");
        Path golden = GOLDEN.resolve(transport + "-" + qdisc);
        for (String file : new String[] {ShadowConfig.CONFIG_FILE, ShadowConfig.GRAPH_FILE}) {
            String actual = Files.readString(out.resolve(file));
            Path expected = golden.resolve(file);
            if (Boolean.getBoolean("gsnode.updateGolden")) {
                Files.createDirectories(golden);
                Files.writeString(expected, actual);
            }
            assertTrue(Files.exists(expected), expected + " is missing; run with -Dgsnode.updateGolden=true to create it");
            assertEquals(Cells.withoutBuild(Files.readString(expected)), Cells.withoutBuild(actual), file + " differs from " + expected);
        }
    }
}
