package io.gsnode.node.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.TopologyFixtures;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import io.gsnode.node.run.Transport;
import io.gsnode.transport.quic.QuicConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Both variant B arms (docs/arms.md §8) as real 8-process local cells, one over each transport
 * (the other pairing in the long tier):
 * every receiver rebuilds the group from partial messages alone, no full message is ever
 * gossiped, and the record carries the broadcaster's counters.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class LocalCellPartialArmsTest {

    private static final int PAYLOAD = 256 * 1024;
    /**
     * Ten seconds after the publish, twice the A and C cells' hold: a B receiver that is short of
     * segments re-claims every 100 ms and rebuilds on its own thread, and on this 2-core host,
     * shared with other builds, both can fall seconds behind the fixed instants.
     */
    private static final long HOLD_MS = 10_000;

    @TempDir
    Path dir;

    /** The fast tier: each B arm over one transport. */
    @ParameterizedTest(name = "{0} over {1}")
    @CsvSource({"bfixed_32k, TCP", "bcodedfc1_32k, QUIC"})
    void everyReceiverRebuildsTheGroup(String arm, Transport transport) throws Exception {
        cell(arm, transport);
    }

    /** The long tier: each over the other transport. */
    @Tag("long")
    @ParameterizedTest(name = "{0} over {1}")
    @CsvSource({"bcodedfc1_32k, TCP", "bfixed_32k, QUIC"})
    void everyReceiverRebuildsTheGroupOverTheOtherTransport(String arm, Transport transport) throws Exception {
        cell(arm, transport);
    }

    private void cell(String arm, Transport transport) throws Exception {
        Path topology = dir.resolve("topology.json");
        // The same graph as LocalCellArmsTest: a ring of 8 with chords (i, i+4).
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i < 8; i++) edges.add(new Edge(Math.min(i, (i + 1) % 8), Math.max(i, (i + 1) % 8)));
        for (int i = 0; i < 4; i++) edges.add(new Edge(i, i + 4));
        TopologyWriter.write(TopologyFixtures.ofEdges(8, 3, Scenario.home(), LatencyModel.GEO, edges), topology);
        CellOptions options = new CellOptions(topology, Workload.of(arm, PAYLOAD, TransportChoice.of(transport, false,
                QuicConfig.DEFAULT.withEngine("netty")), List.of(), Condition.COLD), Schedule.offsets(0, 1500, 4500, HOLD_MS),
                TestNodeJvm.JAVA, TestNodeJvm.get().flags(),
                TestNodeJvm.get().classpath(), 120_000, 20_000, null, 0, false, NodeImpls.JAVA);
        CellSummary summary = new CellRunner(options, System.out).run(dir.resolve("out"), 0);
        List<NodeRecord> records = RecordJson.readNodes(dir.resolve("out/records.jsonl"));
        String story = String.join("\n", records.stream().map(r -> r.index() + " " + r.status() + " completed=" + r.completed()
                + " completion_ms=" + r.completionMs() + " extras=" + r.extras()).toList());
        assertEquals(7, summary.completed(), arm + " over " + transport + ": every receiver completed; records:\n" + story);
        for (NodeRecord r : records) {
            assertEquals(arm, r.identity().arm());
            assertEquals(0L, r.msgs().received(), "no full message travels in a B cell: " + r.index());
            assertTrue(r.bytes().rxPartial() + r.bytes().txPartial() > 0, "partial bytes are counted: " + r.index());
            assertEquals(0L, ((Number) r.extras().get("invalid_segments")).longValue(), story);
        }
        NodeRecord publisher = records.stream().filter(r -> r.index() == 0).findFirst().orElseThrow();
        assertTrue(((Number) publisher.extras().get("pushed")).longValue() > 0, "the publisher pushed: " + publisher.extras());
        System.out.println(arm + " over " + transport + ": p50 " + summary.p50Ms() + " ms, max " + summary.maxMs() + " ms");
    }
}
