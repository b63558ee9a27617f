package io.gsnode.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gsnode.shadow.cell.ShadowExecutable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Harness-shaped cells under a real Shadow ({@link HarnessShadowCell}, {@link HarnessScenarios}):
 * gsnode hosts alone, go hosts alone (the interop go peer's {@code params} mode, the reference)
 * and both mixed run a shortened {@code subnet-blob-msg} (every node gets every message, the lines
 * parse with the harness's field names, duplicates are logged, and the dissemination times are
 * printed), and the partial-messages scenarios, {@code partial-messages} alone and mixed and
 * {@code partial-messages-fanout} mixed (every node logs {@code All parts received}). Shadow is found as the other Shadow tests find it; skipped with a
 * message where there is none.
 */
@Timeout(value = 60, unit = TimeUnit.MINUTES)
class HarnessShadowTest {

    private static final Pattern LISTENING = Pattern.compile("listening on \\S+, (\\d+) ms after the JVM started");
    /** Hosts per cell; -Dgsnode.harness.nodes=N (the harness's own tests use 32, with its full scenarios). */
    private static final int NODES = Integer.getInteger("gsnode.harness.nodes", 6);
    /**
     * With -Dgsnode.harness.full=true: the harness's own scenarios, 16 messages and the harness's
     * waits (minutes of simulated time: sequential dials to 20 peers take seconds at 32 hosts);
     * else 8 messages and waits of seconds.
     */
    private static final boolean FULL = Boolean.getBoolean("gsnode.harness.full");
    private static final int MESSAGES = FULL ? 16 : 8;
    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    /** Kept when a test fails, so that its Shadow data can be read. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void gsnodeHostsAloneDeliverEveryMessageToEveryNode() throws Exception {
        subnetBlob(composition("gsnode"), "gsnode alone");
    }

    @Test
    void goHostsAloneDeliverEveryMessageToEveryNode() throws Exception {
        subnetBlob(composition("go"), "go alone");
    }

    @Test
    void gsnodeAndGoHostsMixedDeliverEveryMessageToEveryNode() throws Exception {
        subnetBlob(composition("gsnode", "go"), "mixed");
    }

    @Test
    void everyGsnodeHostCompletesThePartialMessagesGroup() throws Exception {
        partialMessages(composition("gsnode"));
    }

    @Test
    void everyHostOfAMixedCellCompletesThePartialMessagesGroup() throws Exception {
        partialMessages(composition("gsnode", "go"));
    }

    @Test
    void everyHostOfAMixedPartialFanoutCellCompletesTheGroup() throws Exception {
        // Node 0, the publisher outside the topic, is gsnode; go nodes among the receivers.
        List<HarnessShadowCell.Program> programs = composition("gsnode", "go");
        partialMessages(programs, HarnessScenarios.partialFanout(programs.size(), timing(), 3));
    }

    private static HarnessScenarios.Timing timing() {
        return FULL ? HarnessScenarios.Timing.PARTIAL : HarnessScenarios.Timing.PARTIAL_SHORT;
    }

    private void partialMessages(List<HarnessShadowCell.Program> programs) throws Exception {
        partialMessages(programs, HarnessScenarios.partialMessages(programs.size(), timing(), 3));
    }

    private void partialMessages(List<HarnessShadowCell.Program> programs, String script) throws Exception {
        HarnessShadowCell cell = new HarnessShadowCell(cellDir("partial"));
        cell.write(script, programs, 3);
        runShadow(cell, programs);
        for (int i = 0; i < programs.size(); i++) {
            long complete = cell.stdout(i, programs.get(i)).stream().filter(l -> l.path("msg").asText().equals("All parts received")).count();
            assertTrue(complete >= 1, "node " + i + " logged no All parts received:\n" + cell.stderr(i, programs.get(i)));
        }
    }

    /** {@link #NODES} hosts, taking the implementations in turn from node 0. */
    private List<HarnessShadowCell.Program> composition(String... impls) throws Exception {
        shadowOrSkip();
        List<HarnessShadowCell.Program> programs = new ArrayList<>();
        for (int i = 0; i < NODES; i++) programs.add(impls[i % impls.length].equals("go") ? goProgram() : gsnodeProgram());
        return programs;
    }

    /** Where a cell is written: under {@code -Dgsnode.harness.keep=DIR} when given (kept for reading), else the test's temporary directory. */
    private Path cellDir(String name) {
        String keep = System.getProperty("gsnode.harness.keep");
        return keep == null || keep.isBlank() ? dir.resolve(name) : Path.of(keep).resolve(name + "-" + NODES + "-" + System.nanoTime());
    }

    private void subnetBlob(List<HarnessShadowCell.Program> programs, String label) throws Exception {
        HarnessScenarios.Script script = HarnessScenarios.subnetBlob(programs.size(), MESSAGES,
                FULL ? HarnessScenarios.Timing.SUBNET_BLOB : HarnessScenarios.Timing.SUBNET_BLOB_SHORT, 7);
        HarnessShadowCell cell = new HarnessShadowCell(cellDir("subnet-blob-" + label.replace(' ', '-')));
        cell.write(script.json(), programs, 7);
        long wall = runShadow(cell, programs);

        // node -> message id -> arrival times (first, then duplicates)
        Map<Integer, Map<Long, List<Instant>>> arrivals = new HashMap<>();
        long duplicates = 0;
        for (int i = 0; i < programs.size(); i++) {
            List<JsonNode> lines = cell.stdout(i, programs.get(i));
            assertTrue(!lines.isEmpty(), "node " + i + " wrote nothing:\n" + cell.stderr(i, programs.get(i)));
            JsonNode first = lines.get(0);
            assertEquals("PeerID", first.path("msg").asText(), "node " + i + "'s first line: " + first);
            assertEquals(i, first.path("node_id").asInt(-1));
            assertEquals(ScriptedNode.peerIdOf(i).toString(), first.path("id").asText());
            Map<Long, List<Instant>> byId = new TreeMap<>();
            for (JsonNode l : lines) {
                assertEquals("INFO", l.path("level").asText(), l.toString());
                String time = l.path("time").asText();
                assertTrue(time.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z"), "fixed-width UTC time: " + l);
                if (!l.path("msg").asText().equals("Received Message")) continue;
                for (String field : List.of("service", "from", "topic", "id")) assertTrue(l.hasNonNull(field), field + " in " + l);
                assertEquals(HarnessScenarios.TOPIC, l.get("topic").asText());
                byId.computeIfAbsent(Long.parseLong(l.get("id").asText()), k -> new ArrayList<>()).add(Instant.parse(time));
            }
            for (List<Instant> copies : byId.values()) duplicates += copies.size() - 1;
            arrivals.put(i, byId);
        }
        StringBuilder report = new StringBuilder("HarnessShadowTest " + label + ": " + programs.size() + " hosts, shadow wall "
                + wall + " ms, machine memory peak +" + cell.peakMemoryBytes() / (1 << 20) + " MiB; dissemination (last delivery - first) per message, ms:");
        for (var e : script.publishers().entrySet()) {
            long id = e.getKey();
            Instant firstDelivery = null;
            Instant lastDelivery = null;
            for (int i = 0; i < programs.size(); i++) {
                if (i == e.getValue()) continue;
                List<Instant> copies = arrivals.get(i).get(id);
                assertTrue(copies != null, "node " + i + " never received message " + id + " (published by node " + e.getValue() + ")");
                Instant t = copies.get(0);
                if (firstDelivery == null || t.isBefore(firstDelivery)) firstDelivery = t;
                if (lastDelivery == null || t.isAfter(lastDelivery)) lastDelivery = t;
            }
            report.append(' ').append(Duration.between(firstDelivery, lastDelivery).toNanos() / 1e6);
        }
        report.append("; duplicates ").append(duplicates).append("; gsnode listening at (ms after its JVM started):");
        for (int i = 0; i < programs.size(); i++) {
            Matcher m = LISTENING.matcher(cell.stderr(i, programs.get(i)));
            if (m.find()) report.append(' ').append(m.group(1));
        }
        System.out.println(report);
        assertTrue(duplicates > 0, "duplicates are logged, and a mesh of degree 5 or more has some");
    }

    private long runShadow(HarnessShadowCell cell, List<HarnessShadowCell.Program> programs) throws Exception {
        long start = System.nanoTime();
        int exit = cell.run(shadowOrSkip(), 1800);
        long wall = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (exit != 0) {
            StringBuilder err = new StringBuilder("shadow exited " + exit + "; see " + cell.dataDir() + "\n");
            for (int i = 0; i < programs.size(); i++) err.append("node").append(i).append(": ").append(cell.stderr(i, programs.get(i))).append('\n');
            throw new AssertionError(err.toString());
        }
        return wall;
    }

    private static HarnessShadowCell.Program goProgram() {
        Path gopeer = Path.of(System.getProperty("gsnode.repo", ".."), "interop", "go", "bin", "gopeer");
        assertTrue(Files.isExecutable(gopeer), "no go peer at " + gopeer + ": run interop/go/build.sh");
        return new HarnessShadowCell.Program(gopeer, List.of("params"));
    }

    private HarnessShadowCell.Program gsnodeProgram() throws Exception {
        Path wrapper = dir.resolve("gsnode").resolve("gossipsub-bin");
        if (!Files.exists(wrapper)) {
            Files.createDirectories(wrapper.getParent());
            Files.writeString(wrapper, InteropWrapper.script(JAVA, System.getProperty("java.class.path")));
            assertTrue(wrapper.toFile().setExecutable(true));
        }
        return new HarnessShadowCell.Program(wrapper, List.of());
    }

    /** As the other Shadow tests: -Dgsnode.shadow, GSNODE_SHADOW, PATH, then a build beside the repository. */
    private static Path shadowOrSkip() {
        String explicit = System.getProperty("gsnode.shadow");
        Optional<ShadowExecutable> found = explicit != null && !explicit.isBlank()
                ? ShadowExecutable.find(Path.of(explicit), System.getenv()) : ShadowExecutable.find(null, System.getenv());
        if (found.isEmpty()) {
            Path beside = Path.of(System.getProperty("gsnode.repo", "..")).toAbsolutePath().getParent()
                    .resolve("shared/tools/shadow/bin/shadow");
            if (Files.isExecutable(beside)) return beside;
        }
        System.out.println("HarnessShadowTest: " + found.map(s -> "using " + s.path()).orElse("skipped: " + ShadowExecutable.WHERE));
        assumeTrue(found.isPresent(), ShadowExecutable.WHERE);
        return found.get().path();
    }
}
