package io.gsnode.netns.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.netns.fabric.DelayMode;
import io.gsnode.netns.fabric.Fabric;
import io.gsnode.netns.fabric.FabricNames;
import io.gsnode.netns.fabric.Fabrics;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.Preflight;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.cell.CellOptions;
import io.gsnode.node.cell.NodeImpls;
import io.gsnode.node.jvm.NodeJvm;
import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * 10-node cells on a real fabric with its default delay (netem, or the userspace switch where the
 * kernel has no netem): every receiver completes in every run, the records carry the backend,
 * queue and delay as applied and the summaries the host fields (and the switch's counters), and
 * afterwards nothing of the cell is left (no namespace, so no link; no node process). wholend runs
 * twice, so the reset between runs is exercised too.
 *
 * <p>The graph is the report's degree clamped to 10 nodes (every pair connected), the regime the
 * arms were tuned for. On a sparse graph atuned_32k's pull discipline can leave a receiver short
 * by design: with its commitment park (K = 1, promise 400 ms, TTL 30 s) a receiver with four
 * peers over 150-260 ms round trips parks all four and hears no IHAVE again before their caches
 * expire. Measured on the ring with chords of {@link Fabrics#geoRing}: 2 of 10 runs left 1 and 4
 * receivers short; on the complete graph 16 of 16 runs completed
 * (docs/findings/netns-host-load.md).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class NetnsCellTest {

    /**
     * Pairs are up to ~130 ms apart and atuned_32k's pulls take several round trips: on the
     * 2-core host its 10-node cell took 2.4 to 5 s, loaded or not (every receiver of both arms
     * within 4 s of the publish in a full test run). The hold only bounds the observation; times
     * count from the publish.
     */
    private static final long HOLD_MS = 8000;

    @ParameterizedTest(name = "{0} x{1}")
    @CsvSource({"wholend, 2", "atuned_32k, 1"})
    void aTenNodeCellCompletesWithHostFieldsAndLeavesNothingBehind(String arm, int runs) throws Exception {
        Set<KernelFeature> have = Fabrics.requireNamespaces();
        // The default delay: netem where the kernel has it, else the userspace switch (as on this project's machines).
        DelayMode delay = Preflight.decide(QueueKind.FIFO, null, have, true).delay();
        assumeTrue(have.containsAll(Preflight.requirements(QueueKind.FIFO, delay)), "kernel lacks what the fabric needs");
        // Kept under target/ so a failing run leaves its topology and records to read.
        Path out = Path.of("target", "netns-cell-" + arm);
        deleteRecursively(out);
        Files.createDirectories(out);
        Path topology = out.resolve("topology.json");
        TopologyWriter.write(Fabrics.geoComplete(10, 7), topology);
        CellOptions options = new CellOptions(topology, Workload.of(arm, 1 << 20, TransportChoice.TCP, List.of(), Condition.COLD),
                Schedule.offsets(0, 8000, 12_000, HOLD_MS), Path.of(System.getProperty("java.home"), "bin", "java"), NodeJvm.BASE_FLAGS,
                System.getProperty("java.class.path"), 120_000, 20_000, null, 0, false, NodeImpls.JAVA);
        FabricNames names = Fabrics.freshNames();
        List<CellSummary> summaries = new NetnsCell(options, new NetnsCellOptions(QueueKind.FIFO, null, false, names.tag()),
                System.out).run(out, runs);

        assertEquals(runs, summaries.size());
        for (int r = 0; r < runs; r++) {
            CellSummary s = summaries.get(r);
            Path dir = runs == 1 ? out : out.resolve("run-" + r);
            List<NodeRecord> records = RecordJson.readNodes(dir.resolve("records.jsonl"));
            assertEquals(10, records.size());
            assertTrue(records.stream().noneMatch(n -> "lost".equals(n.status())), "every node wrote its record");
            assertEquals(9, s.completed(), "run " + r + ": every receiver completed: "
                    + records.stream().map(n -> n.index() + ":" + n.completed()).toList() + ", records in " + dir.toAbsolutePath());
            assertEquals("netns", s.identity().backend());
            assertEquals(r, s.identity().run());
            for (NodeRecord n : records) {
                assertEquals("netns", n.identity().backend());
                assertEquals("fifo", n.identity().queue());
                assertEquals(delay.label(), n.identity().delay());
                assertNotNull(n.bytes().rx(), "socket bytes are counted on TCP");
            }
            assertNotNull(s.host().get("cpu_mean"), "host CPU sampled: " + s.host());
            assertTrue(((Number) s.host().get("samples")).intValue() >= 30, "a sample every 250 ms over the hold: " + s.host());
            if (delay == DelayMode.USERSPACE) {
                assertEquals(0L, ((Number) s.host().get("switch_dropped")).longValue(), "the switch dropped nothing: " + s.host());
                assertTrue(((Number) s.host().get("switch_packets")).longValue() > 700, "the payload crossed the switch: " + s.host());
            }
            System.out.println(arm + " run " + r + ": p50 " + s.p50Ms() + " ms, max " + s.maxMs() + " ms, host " + s.host());
        }

        assertTrue(Fabric.namespaces(names).isEmpty(), "no namespace of the cell remains: " + Fabric.namespaces(names));
        assertTrue(ProcessHandle.current().descendants().noneMatch(ProcessHandle::isAlive), "no node process remains");
    }

    static void deleteRecursively(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(q);
        }
    }
}
