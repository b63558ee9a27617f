package io.gsnode.node.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.TopologyFixtures;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.node.cli.ConditionOptions;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import io.gsnode.node.run.Transport;
import io.gsnode.segmentation.ids.Topics;
import io.gsnode.transport.quic.QuicConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The warm and background conditions on real 6-process local cells (docs/conditions.md):
 * the warm-up completes and the measured payload completes after it, each with its own counters;
 * the windows at the publish are the warm-up's, against a cold cell's (QUIC's: quiche's initial
 * window does not depend on the link, while a loopback TCP segment is 64 KiB and makes its initial
 * window 640 KiB, so TCP's windows are checked on a fabric, in the netns module); background messages are
 * delivered and counted apart while the measured payload still completes.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class LocalCellConditionsTest {

    private static final int NODES = 6;
    private static final int DEGREE = 3;

    @TempDir
    Path dir;

    /** A ring with chords (i, i+3): every receiver is one or two hops from the publisher. */
    private Path topology() throws Exception {
        Path topology = dir.resolve("topology.json");
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i < NODES; i++) edges.add(new Edge(Math.min(i, (i + 1) % NODES), Math.max(i, (i + 1) % NODES)));
        for (int i = 0; i < NODES / 2; i++) edges.add(new Edge(i, i + NODES / 2));
        TopologyWriter.write(TopologyFixtures.ofEdges(NODES, DEGREE, Scenario.home(), LatencyModel.GEO, edges), topology);
        return topology;
    }

    private List<NodeRecord> run(String name, String arm, int payload, Transport transport, List<String> nodeArgs) throws Exception {
        ConditionOptions condition = new ConditionOptions();
        new CommandLine(condition).parseArgs(nodeArgs.toArray(String[]::new));
        CellOptions options = new CellOptions(topology(), Workload.of(arm, payload, TransportChoice.of(transport, false,
                QuicConfig.DEFAULT.withEngine("netty")), List.of(), condition.toCondition()), Schedule.offsets(0, 3000, 10_000, 4000),
                TestNodeJvm.JAVA, TestNodeJvm.get().flags(), TestNodeJvm.get().classpath(),
                120_000, 20_000, null, 0, false, NodeImpls.JAVA);
        CellSummary summary = new CellRunner(options, System.out).run(dir.resolve(name), 0);
        List<NodeRecord> records = RecordJson.readNodes(dir.resolve(name).resolve("records.jsonl"));
        assertEquals(NODES - 1, summary.completed(), name + ": every receiver completed the measured payload; records:\n"
                + String.join("\n", records.stream().map(RecordJson::line).toList()));
        assertEquals(records.get(0).identity().condition(), summary.identity().condition());
        if (nodeArgs.contains("--warmup")) {
            // cell.json sums the warm-up and the windows up.
            assertEquals(Map.of("receivers", NODES - 1, "completed", NODES - 1, "late", 0),
                    Map.of("receivers", summary.warmup().get("receivers"), "completed", summary.warmup().get("completed"),
                            "late", summary.warmup().get("late")), summary.warmup().toString());
            assertTrue(((Number) summary.cwndAtPublish().get("publisher_min_over_initial")).doubleValue() >= 2,
                    summary.cwndAtPublish().toString());
        } else {
            assertNull(summary.warmup());
        }
        return records;
    }

    @Test
    void aWarmUpCompletesFirstAndLeavesThePublishersWindowsOpenOverQuic() throws Exception {
        List<NodeRecord> warm = run("warm", "atuned_32k", 1 << 20, Transport.QUIC, List.of("--warmup"));
        checkWarmUp(warm, "quiche", DEGREE);
        List<NodeRecord> cold = run("cold", "atuned_32k", 1 << 20, Transport.QUIC, List.of());
        NodeRecord coldPublisher = cold.get(0);
        assertEquals(NodeRecord.COLD, coldPublisher.identity().condition());
        assertNull(coldPublisher.warmup());
        // The control: without the warm-up the publisher's windows are still near the initial one.
        NodeRecord.CongestionWindows w = coldPublisher.cwndAtPublish();
        System.out.println("publisher's windows at the publish, warm: " + warm.get(0).cwndAtPublish() + "; cold: " + w);
        assertTrue(w.maxBytes() < 2 * w.initialBytes(), "a cold publisher starts near the initial window: " + w);
    }

    /**
     * What a warm cell's records must say, on any backend: every receiver completed the warm-up a
     * gap before the publish, the measured counters hold the measured payload's messages only, and
     * the publisher, which sent the warm-up to every peer, publishes into windows at least twice
     * the initial one. A receiver's windows are the warm-up's too, but only towards the peers it
     * sent to: a connection the diffusion did not use in a direction keeps its initial window
     * that way (docs/conditions.md §4), so only the counts are checked there.
     */
    private static void checkWarmUp(List<NodeRecord> records, String source, int degree) {
        int need = records.get(0).wireForm().msgs();
        for (NodeRecord r : records) {
            assertEquals("warm", r.identity().condition());
            NodeRecord.Warmup w = r.warmup();
            assertNotNull(w, r.index() + " has a warm-up block");
            if (r.receiver()) {
                assertTrue(w.completed(), r.index() + " completed the warm-up: " + w);
                assertFalse(w.late(), r.index() + " completed it a gap before the publish: " + w);
                assertTrue(w.received() >= need, r.index() + " received the warm-up's messages apart: " + w);
                // The measured payload's counters start at the publish: its messages only, no warm-up straggler.
                assertEquals(need, r.msgs().received(), r.index() + " measured deliveries");
                assertTrue(w.bytes().rxData() > 0 && r.bytes().rxData() > 0, r.index() + " both have data bytes");
            }
            NodeRecord.CongestionWindows c = r.cwndAtPublish();
            assertEquals(source, c.source(), r.index() + ": " + c);
            assertEquals(degree, c.connections(), r.index() + ": " + c);
            assertEquals(degree, c.readable(), r.index() + ": " + c);
            assertEquals(c.byPeer().values().stream().filter(b -> b > c.initialBytes()).count(), c.aboveInitial(), r.index() + ": " + c);
            assertTrue(c.carriedWarmupAboveInitial() <= c.carriedWarmup(), r.index() + ": " + c);
        }
        // The publisher sent the warm-up to every peer in bursts that filled each window, so every
        // window grew; a receiver's trickle of forwards and answers may not (quiche does not grow an
        // application-limited window), which the record shows rather than the test.
        NodeRecord.CongestionWindows publisher = records.get(0).cwndAtPublish();
        assertEquals(degree, publisher.carriedWarmup(), "the publisher sent the warm-up to every peer: " + publisher);
        assertEquals(degree, publisher.carriedWarmupAboveInitial(), publisher.toString());
        NodeRecord.CongestionWindows p = records.get(0).cwndAtPublish();
        assertTrue(p.minBytes() >= 2 * p.initialBytes(), "the publisher's windows after the warm-up: " + p);
    }

    @Test
    void backgroundLoadIsDeliveredAndCountedApart() throws Exception {
        List<NodeRecord> records = run("background", "atuned_32k", 256 * 1024, Transport.QUIC,
                List.of("--background", "4KiB@100ms"));
        checkBackground(records, "segmenttest/background");
    }

    @Test
    void backgroundLoadOnTheArmsOwnTopicIsCountedApartToo() throws Exception {
        List<NodeRecord> records = run("background-same", "atuned_32k", 256 * 1024, Transport.TCP,
                List.of("--background", "4KiB@100ms", "--background-topic", "same", "--background-nodes", "1,2,3,4,5"));
        checkBackground(records, Topics.segment());
        assertFalse(records.get(0).background().sender(), "the publisher was left out of the senders");
        assertEquals(0, records.get(0).background().published());
    }

    private static void checkBackground(List<NodeRecord> records, String topic) {
        int msgs = records.get(0).wireForm().msgs();
        for (NodeRecord r : records) {
            assertEquals("background", r.identity().condition());
            NodeRecord.Background b = r.background();
            assertNotNull(b, r.index() + " has a background block");
            assertEquals(topic, b.topic());
            assertTrue(b.delivered() > 0 && b.deliveredAfterPublish() > 0, r.index() + " received background load: " + b);
            assertTrue(b.rxData() >= b.delivered() * 4096L, r.index() + " its data bytes: " + b);
            assertEquals(0, b.refused());
            if (b.sender()) assertTrue(b.published() > 0, r.index() + " sent: " + b);
            // The arm's deliveries are the measured payload's messages, none of the background's.
            if (r.receiver()) assertEquals(msgs, r.msgs().received(), r.index() + " measured deliveries beside " + b);
        }
    }
}
