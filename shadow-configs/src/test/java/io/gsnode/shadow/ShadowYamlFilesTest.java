package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code shadow.yaml} through the typed records: a faithful round trip, and Shadow's strictness on the way in. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ShadowYamlFilesTest {

    private static final String MINIMAL = """
            general:
              stop_time: "10 s"
            network:
              graph:
                type: "1_gbit_switch"
            hosts:
              a:
                network_node_id: 0
                processes:
                  - path: "/bin/true"
                    args:
                      - "1"
            """;

    private static String golden() throws IOException {
        return Files.readString(Path.of("src/test/resources/golden/quic-round-robin/shadow.yaml"));
    }

    private static String problem(String yaml) {
        return assertThrows(IllegalArgumentException.class, () -> ShadowYamlFiles.read(yaml)).getMessage();
    }

    @Test
    void aGeneratedConfigReadsBackToTheSameRecordsAndTheSameText() throws IOException {
        String text = golden();
        ShadowYaml.Config config = ShadowYamlFiles.read(text);
        String withoutComments = text.lines().filter(l -> !l.startsWith("#")).collect(Collectors.joining("\n", "", "\n"));
        assertEquals(withoutComments, ShadowYamlFiles.write(config));
        assertEquals(config, ShadowYamlFiles.read(ShadowYamlFiles.write(config)));
        assertEquals(Qdisc.ROUND_ROBIN, config.experimental().interfaceQdisc());
        assertEquals("quic", config.provenance().transport());
        assertEquals(3, config.hosts().size());
    }

    @Test
    void aQuotedNumberStaysAStringAndAnUnquotedOneIsRefusedWithItsPathAndLine() {
        assertEquals("1", ShadowYamlFiles.read(MINIMAL).hosts().get("a").processes().get(0).args().get(0));
        assertEquals("hosts.a.processes[0].args[0] must be a string (quote it) (line 12)", problem(MINIMAL.replace("- \"1\"", "- 1")));
    }

    @Test
    void otherTopLevelExtensionKeysAreSkippedAsShadowSkipsThemButNotInsideASection() {
        ShadowYamlFiles.read("x-mine:\n  anything: [1, 2]\n" + MINIMAL);
        String p = problem(MINIMAL.replace("  stop_time: \"10 s\"", "  stop_time: \"10 s\"\n  x-mine: 1"));
        assertTrue(p.startsWith("general: unknown key 'x-mine'"), p);
    }

    @Test
    void anUnknownKeyADuplicateKeyAndAnUnknownChoiceAreRefused() {
        String twoKeys = "  stop_time: \"10 s\"\n  parallelism: 1";
        assertEquals("general: unknown key 'paralelism' (Shadow rejects unknown fields)",
                problem(MINIMAL.replace("  stop_time: \"10 s\"", twoKeys.replace("parallelism", "paralelism"))));
        assertEquals("general.stop_time is required", problem(MINIMAL.replace("stop_time:", "stop_tme:")));
        assertEquals("general: Duplicate field 'parallelism' (line 4)",
                problem(MINIMAL.replace("  stop_time: \"10 s\"", twoKeys + "\n  parallelism: 2")));
        assertEquals("experimental.interface_qdisc must be one of [fifo, round-robin], was 'fair' (line 14)",
                problem(MINIMAL + "experimental:\n  interface_qdisc: \"fair\"\n"));
        assertEquals("network.graph.type must be one of [gml, 1_gbit_switch], was '10_gbit_switch' (line 5)",
                problem(MINIMAL.replace("1_gbit_switch", "10_gbit_switch")));
    }

    @Test
    void typesAreHeldStrictly() {
        assertEquals("general.progress must be true or false (line 3)", problem(MINIMAL.replace("  stop_time: \"10 s\"",
                "  stop_time: \"10 s\"\n  progress: \"yes\"")));
        assertEquals("general.parallelism must be an integer (line 3)", problem(MINIMAL.replace("  stop_time: \"10 s\"",
                "  stop_time: \"10 s\"\n  parallelism: 1.5")));
        assertTrue(problem(MINIMAL.replace("\"10 s\"", "\"12.5 s\"")).contains("unsigned integer"));
        assertEquals("hosts.a.network_node_id is required", problem(MINIMAL.replace("    network_node_id: 0\n", "")));
    }

    @Test
    void bareIntegersAreSecondsAndBytesAsInShadow() {
        ShadowYaml.Config c = ShadowYamlFiles.read(MINIMAL.replace("\"10 s\"", "10") + "experimental:\n  socket_send_buffer: 4096\n");
        assertEquals(10_000_000_000L, c.general().stopTime().nanos());
        assertEquals(4096, c.experimental().socketSendBuffer().bytes());
    }

    @Test
    void aFinalStateIsOneExitCodeOrOneSignal() {
        String base = MINIMAL.replace("        args:", "        expected_final_state:\n          STATE\n        args:");
        ShadowYaml.Process p = ShadowYamlFiles.read(base.replace("STATE", "signaled: \"SIGTERM\"")).hosts().get("a").processes().get(0);
        assertEquals("SIGTERM", p.expectedFinalState().signaled().text());
        assertNull(p.expectedFinalState().exited());
        assertTrue(problem(base.replace("STATE", "exited: 300")).contains("0..255"));
        assertTrue(problem(base.replace("STATE", "signaled: \"TERM\"")).contains("not SIGNAME"));
    }
}
