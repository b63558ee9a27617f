package io.gsnode.node.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
import io.gsnode.segmentation.arm.ArmCatalogue;
import io.gsnode.transport.quic.QuicConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The A and C arms as real 8-process local cells. The fast tier runs one cell per arm family and
 * transport: the most composed A arm (tier 3: compress first, a Reed-Solomon group, stop-pull) and
 * C + RS over TCP, A-tuned and C over QUIC; that every arm of the catalogue composes and completes
 * is proven in one JVM by {@code EveryArmCompletesTest}. The long tier runs every other A and C arm
 * over TCP as its own cell, and coded A over QUIC. The B arms have their own cells
 * ({@link LocalCellPartialArmsTest}).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class LocalCellArmsTest {

    private static final int PAYLOAD = 256 * 1024;

    /** One cell per family and transport (the fast tier). */
    private static final List<Arguments> FAMILIES = List.of(
            Arguments.of("aadaptcf_16k", Transport.TCP), Arguments.of("crs_32k", Transport.TCP),
            Arguments.of("atuned_32k", Transport.QUIC), Arguments.of("c_32k", Transport.QUIC));

    @TempDir
    Path dir;

    static Stream<Arguments> families() {
        return FAMILIES.stream();
    }

    /** Every other A and C arm over TCP, and coded A over QUIC (the long tier). */
    static Stream<Arguments> others() {
        List<Arguments> cells = new ArrayList<>();
        for (String arm : ArmCatalogue.names()) {
            if (!ArmCatalogue.get(arm).variant().equals("b")) cells.add(Arguments.of(arm, Transport.TCP));
        }
        cells.add(Arguments.of("acoded_32k", Transport.QUIC));
        return cells.stream().filter(c -> FAMILIES.stream().noneMatch(f -> List.of(f.get()).equals(List.of(c.get()))));
    }

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("families")
    void everyReceiverCompletes(String arm, Transport transport) throws Exception {
        cell(arm, transport);
    }

    @Tag("long")
    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("others")
    void everyReceiverCompletesOnEveryOtherArm(String arm, Transport transport) throws Exception {
        cell(arm, transport);
    }

    private void cell(String arm, Transport transport) throws Exception {
        Path topology = dir.resolve("topology.json");
        // 8 nodes, degree 3: a ring with chords (i, i+4), so every receiver is 1 to 3 hops out.
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i < 8; i++) edges.add(new Edge(Math.min(i, (i + 1) % 8), Math.max(i, (i + 1) % 8)));
        for (int i = 0; i < 4; i++) edges.add(new Edge(i, i + 4));
        TopologyWriter.write(TopologyFixtures.ofEdges(8, 3, Scenario.home(), LatencyModel.GEO, edges), topology);
        CellOptions options = new CellOptions(topology, Workload.of(arm, PAYLOAD, TransportChoice.of(transport, false,
                QuicConfig.DEFAULT.withEngine("netty")), List.of(), Condition.COLD), Schedule.offsets(0, 1500, 4500, 3000),
                TestNodeJvm.JAVA, TestNodeJvm.get().flags(),
                TestNodeJvm.get().classpath(), 120_000, 20_000, null, 0, false, NodeImpls.JAVA);
        CellSummary summary = new CellRunner(options, System.out).run(dir.resolve("out"), 0);
        List<NodeRecord> records = RecordJson.readNodes(dir.resolve("out/records.jsonl"));
        assertEquals(7, summary.completed(), arm + " over " + transport + ": every receiver completed; records:\n"
                + String.join("\n", records.stream().map(r -> r.index() + " " + r.status() + " completed=" + r.completed()
                        + " received=" + (r.msgs() == null ? "?" : r.msgs().received()) + " extras=" + r.extras()).toList()));
        for (NodeRecord r : records) {
            assertEquals(arm, r.identity().arm());
            assertNull(r.jitWarmup(), "the JIT warm-up was off (--no-jit-warmup): no block");
        }
    }
}
