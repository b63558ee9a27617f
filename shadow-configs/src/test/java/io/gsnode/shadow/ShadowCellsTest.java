package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.node.cell.NodeImpls;
import io.gsnode.node.cli.QuicOptions;
import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import io.gsnode.node.run.Transport;
import io.gsnode.shadow.cell.ShadowCellRunner;
import io.gsnode.shadow.cell.ShadowExecutable;
import io.gsnode.transport.quic.QuicConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Small cells through the Shadow backend of {@code gsnode cell} ({@link ShadowCellRunner}), one per
 * transport (and QUIC engine) and arm that must work there: {@code wholend} and {@code atuned_32k}
 * over TCP and over QUIC on the netty and the Kwik engine, each transport once in the fast tier and
 * the other arm in the long tier. Six nodes, every pair dialled, 128 KiB.
 * Each cell must end with Shadow exiting 0 (every host exited 0 as the config expects), every
 * host's record gathered into {@code records.jsonl} and complete, every receiver completed, and a
 * {@code cell.json} that carries Shadow's wall time and memory; the receivers' simulated completion
 * p50 is printed for the record, not asserted.
 *
 * <p>Shadow is found as {@link ShadowBinary} says; the test prints which one it used, and is
 * skipped with a message when there is none. A hung host would make Shadow run forever, so each
 * run has a wall limit, past which its hosts count as lost and the test fails.
 */
@Timeout(value = 1800, unit = TimeUnit.SECONDS)
class ShadowCellsTest {

    private static final int NODES = 6;
    /** Bounds a run that hangs (a spinning host stops simulated time); not a performance figure. */
    private static final Duration WALL_LIMIT = Duration.ofSeconds(420);

    private static Optional<ShadowExecutable> shadow;

    @BeforeAll
    static void findShadow() {
        shadow = ShadowBinary.find();
        System.out.println("ShadowCellsTest: " + shadow.map(s -> "using " + s.describe()).orElse("skipped: " + ShadowBinary.WHERE));
    }

    /**
     * The fast tier: each transport and engine once, the arms spread over them (the whole message
     * over TCP is also the mixed cell's).
     */
    static Stream<Arguments> cells() {
        return Stream.of(
                Arguments.of(Transport.TCP, "-", "atuned_32k"),
                Arguments.of(Transport.QUIC, "netty", "wholend"),
                Arguments.of(Transport.QUIC, "kwik", "atuned_32k"));
    }

    /** The long tier: the other arm on each transport and engine. */
    static Stream<Arguments> otherCells() {
        return Stream.of(
                Arguments.of(Transport.TCP, "-", "wholend"),
                Arguments.of(Transport.QUIC, "netty", "atuned_32k"),
                Arguments.of(Transport.QUIC, "kwik", "wholend"));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cells")
    void everyHostWritesItsRecordAndEveryReceiverCompletes(Transport transport, String engine, String arm, @TempDir Path tmp) throws Exception {
        cellCompletes(transport, engine, arm, tmp);
    }

    @Tag("long")
    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("otherCells")
    void everyHostWritesItsRecordAndEveryReceiverCompletesOnTheOtherArm(Transport transport, String engine, String arm, @TempDir Path tmp)
            throws Exception {
        cellCompletes(transport, engine, arm, tmp);
    }

    private void cellCompletes(Transport transport, String engine, String arm, Path tmp) throws Exception {
        assumeTrue(shadow.isPresent(), ShadowBinary.WHERE);
        Path topology = Cells.write(Cells.complete(NODES), tmp.resolve("complete" + NODES + ".json"));
        Path out = tmp.resolve("cell");
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        CellSummary s = new ShadowCellRunner(shadow.get(), cell(arm, transport, engine, 4000), topology, WALL_LIMIT,
                new PrintStream(progress, true, StandardCharsets.UTF_8)).run(out, 0);
        String shown = progress.toString(StandardCharsets.UTF_8);
        System.out.print(shown);

        assertEquals(0, s.host().get("shadow_exit"), "shadow failed; see " + out.resolve("shadow.log") + "\n" + shown);
        assertEquals(false, s.host().get("shadow_timed_out"));
        assertTrue(((Number) s.host().get("shadow_wall_s")).doubleValue() > 0);
        assertEquals(true, s.host().get("model_unblocked_syscall_latency"), "the summary says how Shadow charged syscalls");
        assertTrue(((Number) s.host().get("shadow_pss_peak_mib")).longValue() > 0, "memory sampled");
        assertTrue(shown.contains("records " + NODES + "/" + NODES), "progress counts the records:\n" + shown);

        List<NodeRecord> records = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("records.jsonl"))) records.add(RecordJson.readNode(line));
        assertEquals(NODES, records.size());
        for (NodeRecord r : records) {
            assertEquals("shadow", r.identity().backend());
            assertEquals(transport.toString(), r.identity().transport());
            assertEquals("complete", r.status(), "node " + r.index());
            assertNull(r.cpuMs(), "Shadow's process CPU clock is not CPU time: unknown, not a number");
            if (r.receiver()) assertTrue(r.completed(), "receiver " + r.index() + " did not complete");
        }
        assertEquals(NODES - 1, s.receivers());
        assertEquals(NODES - 1, s.completed(), "receivers completed");
        assertEquals(0, s.lost());
        assertTrue(Files.exists(out.resolve("cell.json")));
        System.out.printf("ShadowCellsTest: %s %s %s n=%d: every record gathered, %d/%d receivers completed, simulated p50 %.1f ms, max %.1f ms%n",
                transport, engine, arm, NODES, s.completed(), s.receivers(), s.p50Ms(), s.maxMs());
    }

    /**
     * gsnode and go-libp2p hosts alternating (the interop go peer's run mode; Go binaries need no
     * setting of ours under Shadow): every host writes its record and every receiver completes.
     */
    @Test
    void aMixedCellOfGsnodeAndGoHostsCompletes(@TempDir Path tmp) throws Exception {
        assumeTrue(shadow.isPresent(), ShadowBinary.WHERE);
        Path goPeer = Path.of(System.getProperty("gsnode.repo"), "interop/go/bin/gopeer");
        assertTrue(Files.isExecutable(goPeer), goPeer + " is missing: run interop/go/build.sh (scripts/test.sh does it)");
        Path topology = Cells.write(Cells.complete(NODES), tmp.resolve("complete" + NODES + ".json"));
        Path out = tmp.resolve("cell");
        NodeImpls impls = NodeImpls.of(NodeImpls.Kind.mixed, NodeRecord.JAVA, goPeer);
        CellSummary s = new ShadowCellRunner(shadow.get(), cell("wholend", Transport.TCP, "-", 4000).withImpls(impls), topology, WALL_LIMIT,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run(out, 0);

        assertEquals(0, s.host().get("shadow_exit"), "shadow failed; see " + out.resolve("shadow.log"));
        List<NodeRecord> records = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("records.jsonl"))) records.add(RecordJson.readNode(line));
        assertEquals(NODES, records.size());
        for (NodeRecord r : records) {
            assertEquals(r.index() % 2 == 0 ? "java" : "go", r.identity().impl(), "node " + r.index());
            assertEquals("complete", r.status(), "node " + r.index() + " (" + r.identity().impl() + ")");
            if (r.receiver()) {
                assertTrue(r.completed(), "receiver " + r.index() + " (" + r.identity().impl() + ") did not complete");
            }
            // A go host's sockets are Shadow's, out of sight of its /proc: unknown, not 0.
            if (r.identity().impl().equals("go")) assertNull(r.bytes().rx(), "node " + r.index());
        }
        assertEquals(NODES - 1, s.completed(), "receivers completed");
        assertEquals(CellSummary.MIXED, s.identity().impl());
        System.out.printf("ShadowCellsTest: mixed TCP wholend n=%d: %d/%d receivers completed, simulated p50 %.1f ms, max %.1f ms%n",
                NODES, s.completed(), s.receivers(), s.p50Ms(), s.maxMs());
    }

    /** A run stopped by its wall limit keeps every host, each without a record counted as lost. */
    @Test
    void hostsWithoutARecordAreLost(@TempDir Path tmp) throws Exception {
        assumeTrue(shadow.isPresent(), ShadowBinary.WHERE);
        Path topology = Cells.write(Cells.complete(NODES), tmp.resolve("complete" + NODES + ".json"));
        Path out = tmp.resolve("cell");
        // One wall second cannot reach the end of a ten-minute simulated hold: Shadow is stopped first.
        CellSummary s = new ShadowCellRunner(shadow.get(), cell("wholend", Transport.TCP, "-", 600_000), topology, Duration.ofSeconds(1),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run(out, 0);
        assertEquals(true, s.host().get("shadow_timed_out"));
        assertNull(s.host().get("shadow_exit"));
        assertEquals(NODES - 1, s.lost(), "the summary counts lost receivers");
        assertEquals(0, s.completed());
        assertNull(s.p50Ms(), "censored: no receiver completed");
        List<String> lines = Files.readAllLines(out.resolve("records.jsonl"));
        assertEquals(NODES, lines.size(), "every host has a record, lost or not");
        for (String line : lines) assertEquals("lost", RecordJson.readNode(line).status());
        assertFalse(Files.exists(out.resolve(ShadowConfig.DATA_DIRECTORY).resolve("hosts").resolve("node0").resolve(ShadowConfig.RECORD_FILE)));
    }

    private static ShadowCell cell(String arm, Transport transport, String engine, long holdMs) {
        QuicOptions quic = new QuicOptions();
        if (!engine.equals("-")) quic.engine = engine;
        QuicConfig quicConfig = quic.toConfig();
        Schedule schedule = new Schedule(ShadowConfig.SIMULATION_EPOCH_MS, Duration.ofMillis(1000), Duration.ofMillis(4000),
                Duration.ofMillis(8000), Duration.ofMillis(holdMs));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("java.class.path");
        Workload workload = Workload.of(arm, 131_072, TransportChoice.of(transport, false, quicConfig), List.of(), Condition.COLD);
        return ShadowCell.withDefaults(workload, Qdisc.FIFO, schedule, java, classpath, ShadowJvmFlags.recommended(java, classpath));
    }
}
