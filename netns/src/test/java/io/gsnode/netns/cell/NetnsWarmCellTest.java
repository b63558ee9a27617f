package io.gsnode.netns.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.netns.fabric.DelayMode;
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
import io.gsnode.node.run.WarmupPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A warm TCP cell on a real fabric, nodes on epoll so that the kernel's {@code tcp_info} gives each
 * connection's window: the whole message's warm-up leaves every one of the publisher's windows
 * many times the kernel's initial ten segments (a fabric's 1500-byte links, not loopback's 64 KiB
 * segments), where a cold cell's publisher starts at about the initial window. The records also
 * state the namespace's {@code tcp_slow_start_after_idle} (docs/conditions.md §4).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class NetnsWarmCellTest {

    private static final int N = 6;

    @Test
    void aWarmUpOpensThePublishersKernelWindows() throws Exception {
        Set<KernelFeature> have = Fabrics.requireNamespaces();
        DelayMode delay = Preflight.decide(QueueKind.FIFO, null, have, true).delay();
        assumeTrue(have.containsAll(Preflight.requirements(QueueKind.FIFO, delay)), "kernel lacks what the fabric needs");
        Path out = Path.of("target", "netns-warm-cell");
        NetnsCellTest.deleteRecursively(out);
        Files.createDirectories(out);
        Path topology = out.resolve("topology.json");
        TopologyWriter.write(Fabrics.geoComplete(N, 7), topology);

        NodeRecord.CongestionWindows warm = publisherWindows(out.resolve("warm"), topology, List.of("--warmup", "--epoll"));
        NodeRecord.CongestionWindows cold = publisherWindows(out.resolve("cold"), topology, List.of("--epoll"));
        System.out.println("publisher's windows at the publish, warm: " + warm + "; cold: " + cold);
        assertEquals("tcp_info", warm.source());
        assertEquals(N - 1, warm.readable());
        assertTrue(warm.minBytes() >= 4 * warm.initialBytes(), "the warm-up sent a whole message to every peer: " + warm);
        assertTrue(cold.maxBytes() < 4 * cold.initialBytes(), "a cold publisher's windows are near the initial one: " + cold);
        assertNotNull(warm.tcpSlowStartAfterIdle(), "the namespace's idle restart is recorded");
    }

    private static NodeRecord.CongestionWindows publisherWindows(Path dir, Path topology, List<String> nodeArgs) throws Exception {
        Condition condition = nodeArgs.contains("--warmup")
                ? new Condition(true, null, WarmupPlan.DEFAULT_GAP_MS, null, null, "all", "sibling") : Condition.COLD;
        CellOptions options = new CellOptions(topology, Workload.of("wholend", 1 << 20,
                new TransportChoice.Tcp(nodeArgs.contains("--epoll")), List.of(), condition), Schedule.offsets(0, 6000, 15_000, 8000),
                Path.of(System.getProperty("java.home"), "bin", "java"), NodeJvm.BASE_FLAGS,
                System.getProperty("java.class.path"), 120_000, 20_000, null, 0, false, NodeImpls.JAVA);
        FabricNames names = Fabrics.freshNames();
        CellSummary s = new NetnsCell(options, new NetnsCellOptions(QueueKind.FIFO, null, false, names.tag()), System.out)
                .run(dir, 1).get(0);
        List<NodeRecord> records = RecordJson.readNodes(dir.resolve("records.jsonl"));
        assertEquals(N - 1, s.completed(), "every receiver completed: " + records.stream().map(RecordJson::line).toList());
        for (NodeRecord r : records) {
            if (nodeArgs.contains("--warmup") && r.receiver()) {
                assertTrue(r.warmup().completed(), r.index() + ": " + r.warmup());
                assertFalse(r.warmup().late(), r.index() + ": " + r.warmup());
                assertEquals(1, r.msgs().received(), r.index() + ": the measured whole message only");
            }
        }
        return records.get(0).cwndAtPublish();
    }
}
