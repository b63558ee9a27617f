package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Small cells under a real Shadow, one per transport (and QUIC engine) and arm that must work there:
 * {@code wholend} and {@code atuned_32k} over TCP and over QUIC on the netty and the Kwik engine. Six nodes, every pair dialled, 128 KiB. Each cell must end with every host exiting 0
 * as the config expects, every host's record written and complete, and every receiver completed;
 * the receivers' simulated completion p50 is printed for the record, not asserted.
 *
 * <p>Shadow is found as {@link ShadowBinary} says (system property {@code gsnode.shadow}, the
 * environment variable {@code GSNODE_SHADOW}, {@code PATH}, then a Shadow build beside the
 * repository); the test prints which one it used, and is skipped with a message when there is none.
 * A hung host would make Shadow run forever, so each run is bounded and killed past the bound.
 */
@Timeout(value = 1800, unit = TimeUnit.SECONDS)
class ShadowCellsTest {

    private static final int NODES = 6;
    /** Bounds a run that hangs (a spinning host stops simulated time); not a performance figure. */
    private static final long RUN_BOUND_SECONDS = 420;

    private static Optional<ShadowBinary> shadow;

    @BeforeAll
    static void findShadow() {
        shadow = ShadowBinary.find();
        System.out.println("ShadowCellsTest: " + shadow.map(s -> "using " + s.describe()).orElse("skipped: " + ShadowBinary.WHERE));
    }

    static Stream<Arguments> cells() {
        return Stream.of(
                Arguments.of("tcp", "-", "wholend"),
                Arguments.of("tcp", "-", "atuned_32k"),
                Arguments.of("quic", "netty", "wholend"),
                Arguments.of("quic", "netty", "atuned_32k"),
                Arguments.of("quic", "kwik", "wholend"),
                Arguments.of("quic", "kwik", "atuned_32k"));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cells")
    void everyHostWritesItsRecordAndEveryReceiverCompletes(String transport, String engine, String arm, @TempDir Path tmp) throws Exception {
        assumeTrue(shadow.isPresent(), ShadowBinary.WHERE);
        Path topology = Cells.write(Cells.complete(NODES), tmp.resolve("complete" + NODES + ".json"));
        Path out = tmp.resolve("cell");
        List<String> args = new ArrayList<>(List.of("--topology", topology.toString(), "--out", out.toString(), "--arm", arm,
                "--transport", transport, "--payload", "131072", "--subscribe-at", "4000", "--publish-at", "8000", "--hold", "4000",
                "--java", Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--jar", System.getProperty("java.class.path")));
        if (!engine.equals("-")) args.addAll(List.of("--quic-engine", engine));
        Cells.Run gen = Cells.shadow(args.toArray(String[]::new));
        assertEquals(0, gen.exit(), gen.err());

        Path log = out.resolve("shadow.log");
        Process p = new ProcessBuilder(shadow.get().path().toString(), ShadowConfig.CONFIG_FILE).directory(out.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(RUN_BOUND_SECONDS, TimeUnit.SECONDS)) {
                fail("shadow still running after " + RUN_BOUND_SECONDS + " s: a host is probably spinning without a syscall "
                        + "(docs/shadow.md); last events: " + lastEvents(out));
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), "shadow failed; see " + log + ":\n" + tail(log) + "\nlast events: " + lastEvents(out));

        ObjectMapper json = new ObjectMapper();
        List<Double> completions = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            Path record = host(out, i).resolve(ShadowConfig.RECORD_FILE);
            assertTrue(Files.exists(record), "node " + i + " wrote no record");
            JsonNode r = json.readTree(record.toFile());
            assertEquals("shadow", r.get("backend").asText());
            assertEquals(transport, r.get("transport").asText());
            assertEquals("complete", r.get("status").asText(), "node " + i);
            if (r.get("role").asText().equals("receiver")) {
                assertTrue(r.get("completed").asBoolean(), "receiver " + i + " did not complete");
                completions.add(r.get("completion_ms").asDouble());
            }
        }
        assertEquals(NODES - 1, completions.size(), "receivers");
        Collections.sort(completions);
        System.out.printf("ShadowCellsTest: %s %s %s n=%d: every record written, %d/%d receivers completed, simulated completion p50 %.1f ms, max %.1f ms%n",
                transport, engine, arm, NODES, completions.size(), NODES - 1, completions.get(completions.size() / 2),
                completions.get(completions.size() - 1));
    }

    private static Path host(Path out, int i) {
        return out.resolve(ShadowConfig.DATA_DIRECTORY).resolve("hosts").resolve(HostNames.of(i));
    }

    /** Each host's last progress event, to tell where a failed cell stopped. */
    private static String lastEvents(Path out) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < NODES; i++) {
            try (Stream<Path> files = Files.list(host(out, i))) {
                for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".stdout")).toList()) {
                    List<String> lines = Files.readAllLines(f);
                    b.append("\n  node").append(i).append(": ").append(lines.isEmpty() ? "(nothing)" : lines.get(lines.size() - 1));
                }
            } catch (Exception e) {
                b.append("\n  node").append(i).append(": (no output)");
            }
        }
        return b.toString();
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (Exception e) {
            return "(no log)";
        }
    }
}
