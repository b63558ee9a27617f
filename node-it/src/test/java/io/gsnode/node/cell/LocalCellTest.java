package io.gsnode.node.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.TopologyFixtures;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import io.gsnode.node.run.Transport;
import io.gsnode.segmentation.arm.CellKnobs;
import io.gsnode.transport.quic.QuicConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Six real node processes on loopback, following the schedule and writing records. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class LocalCellTest {

    private static final int PAYLOAD = 256 * 1024;
    /** Netty's engine: Kwik's handshakes stall when many JVMs start at once on a busy 2-core host. */
    private static final String QUIC_ENGINE = "netty";

    @TempDir
    Path dir;

    @Test
    void sixNodesOverTcpAllComplete() throws Exception {
        CellSummary summary = run(Transport.TCP, null);
        List<NodeRecord> records = RecordJson.readNodes(dir.resolve("out/records.jsonl"));
        assertEquals(6, records.size());
        checkIdentity(records, summary, Transport.TCP);
        for (NodeRecord r : records) {
            assertEquals("complete", r.status(), "node " + r.index());
            assertEquals(1, r.wireForm().msgs());
            assertEquals(1, r.wireForm().need());
            // The one local cell that runs the JIT warm-up (the others leave it off to spare the
            // host's CPU): its record says what the warm-up did before the publish.
            assertNotNull(r.jitWarmup(), "node " + r.index() + " has a JIT warm-up block");
            assertTrue(r.jitWarmup().rounds() >= 1 || r.jitWarmup().stopped(), "node " + r.index() + " " + r.jitWarmup());
            assertTrue(r.jitWarmup().ms() > 0, "node " + r.index() + " " + r.jitWarmup());
            if (!r.receiver()) continue;
            assertTrue(r.completed(), "node " + r.index() + " completed");
            assertTrue(r.completionMs() > 0, "completion after the publish");
            // The whole message is the snappy-compressed payload: every receiver got at least it.
            assertTrue(r.bytes().rxData() >= r.wireForm().total(), "node " + r.index() + " rx_data " + r.bytes().rxData());
            assertTrue(r.bytes().rx() >= r.bytes().rxData(), "socket bytes include the gossip bytes");
            assertFalse(r.snapshots().isEmpty());
            assertTrue(r.mesh().atPublish() >= 1);
        }
        for (NodeRecord r : records) {
            // docs/arms.md §5.9: the router's shuffles are seeded from the topology's seed and the index.
            Map<?, ?> gossipsub = (Map<?, ?>) r.config().get("gossipsub");
            assertEquals(CellKnobs.routerSeed(r.identity().seed(), r.index()), ((Number) gossipsub.get("seed")).longValue(),
                    "node " + r.index());
            // docs/records.md: which provider ran the data path's crypto (BoringSSL ships for this platform).
            // C1 nodes take both from BoringSSL.
            if (System.getProperty("os.arch").equals("amd64")) {
                assertEquals(Map.of("mode", "auto", "chacha20_poly1305", "boringssl", "sha256", "boringssl"),
                        r.config().get("crypto"), "node " + r.index());
            }
            // Where the time went (docs/records.md): every node ran router tasks and wrote frames.
            Map<?, ?> timings = (Map<?, ?>) r.extras().get("timings");
            for (String stage : List.of("router_task_lag_us", "inbound_queueing_us", "outbound_queueing_us", "outbound_backlog_bytes")) {
                assertTrue(((Number) ((Map<?, ?>) timings.get(stage)).get("count")).longValue() > 0, "node " + r.index() + " " + stage);
            }
            assertTrue(timings.containsKey("iwant_answer_us"));
        }
        TimelineAssertions.assertTimelinesJoin(records);
        assertEquals(5, summary.receivers());
        assertEquals(5, summary.completed());
        assertNotNull(summary.p99Ms());
        assertNotNull(summary.hostSaturated(), "the local backend samples the host's CPU: " + summary.host());
        assertTrue(((Number) summary.host().get("samples")).intValue() > 0, "samples from the publish to the end of the hold");
        assertEquals(summary, RecordJson.readCell(dir.resolve("out/cell.json")));
    }

    @Test
    void sixNodesOverQuicAllComplete() throws Exception {
        CellSummary summary = run(Transport.QUIC, null);
        assertEquals(5, summary.completed(), "every receiver completed over QUIC");
        checkIdentity(RecordJson.readNodes(dir.resolve("out/records.jsonl")), summary, Transport.QUIC);
        for (NodeRecord r : RecordJson.readNodes(dir.resolve("out/records.jsonl"))) {
            if (!r.receiver()) continue;
            assertTrue(r.bytes().rxData() >= r.wireForm().total());
            assertNull(r.bytes().rx(), "the QUIC engines do not count socket bytes yet: null, not 0");
        }
    }

    @Test
    void aNodeKilledMidCellIsCountedAndTheOthersComplete() throws Exception {
        CellSummary summary = run(Transport.TCP, 3);
        assertEquals(5, summary.receivers());
        assertEquals(4, summary.completed());
        assertEquals(1, summary.lost());
        NodeRecord killed = RecordJson.readNodes(dir.resolve("out/records.jsonl")).get(3);
        assertEquals("lost", killed.status());
        assertFalse(killed.completed());
        assertNull(summary.p99Ms(), "p99 over 5 receivers falls on the censored one");
    }

    /** A node that cannot start fails the cell with what it said, not only where its log was. */
    @Test
    void aNodeThatDiesBeforeListeningIsReportedWithItsLastWords() throws Exception {
        Path topology = dir.resolve("topology.json");
        TopologyWriter.write(TopologyFixtures.sixNodes(), topology);
        List<String> flags = new ArrayList<>(TestNodeJvm.get().flags());
        flags.add("-Xmx1k"); // below the JVM's minimum: it refuses to start, and says so on stderr
        CellOptions options = new CellOptions(topology, Workload.of("wholend", PAYLOAD, TransportChoice.TCP, List.of(), Condition.COLD),
                Schedule.offsets(0, 2000, 6000, 3000), TestNodeJvm.JAVA, flags, TestNodeJvm.get().classpath(), 120_000, 20_000, null, 0,
                false, NodeImpls.JAVA);
        IOException e = assertThrows(IOException.class, () -> new CellRunner(options, System.out).run(dir.resolve("out"), 0));
        assertTrue(e.getMessage().contains("exited before listening"), e.getMessage());
        assertTrue(e.getMessage().contains("heap"), "the JVM's own words about its heap:\n" + e.getMessage());
    }

    /**
     * What every record of a gsnode cell names and carries, whichever transport (the same checks
     * {@link ImplCellsTest} makes of the go peer's and mixed cells).
     */
    private static void checkIdentity(List<NodeRecord> records, CellSummary summary, Transport transport) {
        for (NodeRecord r : records) {
            String node = "node " + r.index();
            assertEquals(NodeRecord.JAVA, r.identity().impl(), node);
            assertEquals(transport.toString(), r.identity().transport(), node);
            assertNotNull(r.peerId(), node);
            assertNotNull(r.msgs(), node);
            assertNotNull(r.times(), node);
            if (r.receiver()) assertTrue(r.msgs().received() >= 1, node);
        }
        assertEquals(NodeRecord.JAVA, summary.identity().impl());
    }

    private CellSummary run(Transport transport, Integer kill) throws Exception {
        Path topology = dir.resolve("topology.json");
        TopologyWriter.write(TopologyFixtures.sixNodes(), topology);
        CellOptions options = new CellOptions(topology, Workload.of("wholend", PAYLOAD, TransportChoice.of(transport, false,
                QuicConfig.DEFAULT.withEngine(QUIC_ENGINE)), List.of(), Condition.COLD), Schedule.offsets(0, 2000, 6000, 3000),
                TestNodeJvm.JAVA, TestNodeJvm.get().flags(),
                TestNodeJvm.get().classpath(), 120_000, 20_000, kill, 0, true, NodeImpls.JAVA);
        return new CellRunner(options, System.out).run(dir.resolve("out"), 0);
    }
}
