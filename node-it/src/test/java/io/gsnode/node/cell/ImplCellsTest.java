package io.gsnode.node.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import io.gsnode.transport.quic.QuicConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Eight-node local cells of gsnode, of the interop go peer's run mode (go-libp2p) and of the two
 * alternating, over TCP and QUIC: every receiver completes, and every record, whichever
 * implementation wrote it, reads through the same reader and names its implementation, and the
 * cell's timelines join into one picture whichever implementation wrote them.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ImplCellsTest {

    private static final int PAYLOAD = 256 * 1024;

    @TempDir
    Path dir;

    /** The fast tier: the cells with go nodes (gsnode's own cells are {@link LocalCellTest}'s, which checks the same fields). */
    @ParameterizedTest(name = "{0} over {1}, publisher {2}")
    @CsvSource({"go, TCP, go", "mixed, TCP, java", "go, QUIC, go", "mixed, QUIC, go"})
    void everyReceiverCompletes(NodeImpls.Kind kind, Transport transport, String publisherImpl) throws Exception {
        cell(kind, transport, publisherImpl);
    }

    /** The long tier: gsnode alone, on this class's eight-node topology. */
    @Tag("long")
    @ParameterizedTest(name = "{0} over {1}, publisher {2}")
    @CsvSource({"java, TCP, java", "java, QUIC, java"})
    void everyReceiverCompletesInAGsnodeCell(NodeImpls.Kind kind, Transport transport, String publisherImpl) throws Exception {
        cell(kind, transport, publisherImpl);
    }

    private void cell(NodeImpls.Kind kind, Transport transport, String publisherImpl) throws Exception {
        NodeImpls impls = NodeImpls.of(kind, publisherImpl, goPeer());
        Path topology = dir.resolve("topology.json");
        TopologyWriter.write(TopologyFixtures.eightNodes(), topology);
        CellOptions options = new CellOptions(topology, Workload.of("wholend", PAYLOAD, TransportChoice.of(transport, false,
                QuicConfig.DEFAULT.withEngine("netty")), List.of(), Condition.COLD), Schedule.offsets(0, 1500, 4500, 3000),
                TestNodeJvm.JAVA, TestNodeJvm.get().flags(),
                TestNodeJvm.get().classpath(), 120_000, 20_000, null, 0, false, impls);
        CellSummary summary = new CellRunner(options, System.out).run(dir.resolve("out"), 0);

        List<NodeRecord> records = RecordJson.readNodes(dir.resolve("out/records.jsonl"));
        assertEquals(8, records.size());
        for (NodeRecord r : records) {
            String node = "node " + r.index() + " (" + r.identity().impl() + ")";
            assertEquals(impls.of(r.index(), 0), r.identity().impl(), node);
            assertEquals("complete", r.status(), node);
            assertEquals(transport.toString(), r.identity().transport(), node);
            assertNotNull(r.peerId(), node);
            assertNotNull(r.msgs(), node);
            assertNotNull(r.times(), node);
            // Both implementations are built from this checkout, and each record names its commit
            // (interop/go/build.sh asks go to stamp it, whatever GOFLAGS says).
            assertTrue(r.build() != null && r.build().commit().matches("[0-9a-f]{40}"), node + " build " + r.build());
            if (!r.receiver()) continue;
            assertTrue(r.completed(), node + " completed");
            assertTrue(r.completionMs() > 0, node + " completed after the publish");
            assertTrue(r.bytes().rxData() >= PAYLOAD / 2, node + " rx_data " + r.bytes().rxData());
            assertTrue(r.msgs().received() >= 1, node);
        }
        assertEquals(7, summary.completed(), "every receiver completed");
        TimelineAssertions.assertTimelinesJoin(records);
        assertEquals(kind == NodeImpls.Kind.mixed ? CellSummary.MIXED : kind.name(), summary.identity().impl());
        assertEquals(summary, RecordJson.readCell(dir.resolve("out/cell.json")));
    }

    private static Path goPeer() {
        Path binary = Path.of(System.getProperty("gsnode.repo"), "interop/go/bin/gopeer");
        if (!Files.isExecutable(binary)) throw new IllegalStateException(binary + " is missing: run interop/go/build.sh (scripts/test.sh does it)");
        return binary;
    }
}
