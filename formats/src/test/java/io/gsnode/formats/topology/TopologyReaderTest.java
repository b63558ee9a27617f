package io.gsnode.formats.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writer → reader round trips, and the node's streaming view against the full read. */
class TopologyReaderTest {

    @TempDir
    Path dir;

    @Test
    void writerThenReaderGivesTheSameTopology() throws IOException {
        Topology written = TopologyFixtures.sixNodes();
        Path file = dir.resolve("six.json");
        TopologyWriter.write(written, file);
        Topology read = TopologyReader.read(file);

        assertEquals(written.n(), read.n());
        assertEquals(written.seed(), read.seed());
        assertEquals(written.degree(), read.degree());
        assertEquals(written.latencyModel(), read.latencyModel());
        assertEquals(written.scenario(), read.scenario());
        assertEquals(written.publisher(), read.publisher());
        assertEquals(written.nodes(), read.nodes());
        assertEquals(written.edges(), read.edges());
        assertTrue(LatencyMatrix.sameValues(written.latency(), read.latency()));
    }

    @Test
    void writerIsCompactAndPutsNBeforeTheMatrix() throws IOException {
        String text = TopologyFixtures.text(TopologyFixtures.sixNodes());
        assertTrue(text.startsWith("{\"schema\":\"gsnode.topology/1\",\"n\":6,\"seed\":7,\"degree\":3,"
                + "\"latency_model\":\"geo\",\"scenario\":\"dcb20\",\"publisher\":0,\"nodes\":[{\"index\":0,"
                + "\"ip\":\"10.0.0.1\",\"region\":\"asia\",\"class\":\"builder\",\"up_bps\":1000000000,"
                + "\"down_bps\":1000000000},"), text);
        // Row 0 of the matrix: 1 ms to itself, then 0 → 1 as GeoLatencyTest works out by hand.
        assertTrue(text.contains("\"latency_us\":[1000,102796,"), text);
        assertTrue(text.endsWith("]}\n"));
        assertEquals(1, text.lines().count());
    }

    @Test
    void rewritingAReadTopologyGivesTheSameBytes() throws IOException {
        String first = TopologyFixtures.text(TopologyFixtures.sixNodes());
        Path file = TopologyFixtures.write(dir, "six.json", first);
        assertEquals(first, TopologyFixtures.text(TopologyReader.read(file)));
    }

    @Test
    void eachNodesStreamingViewMatchesTheFullRead() throws IOException {
        Path file = dir.resolve("six.json");
        TopologyWriter.write(TopologyFixtures.sixNodes(), file);
        assertViewsMatchFullRead(file);
    }

    @Test
    void streamingViewAndCheckWorkWhenTheMatrixComesBeforeN() throws IOException {
        Path inOrder = dir.resolve("six.json");
        TopologyWriter.write(TopologyFixtures.sixNodes(), inOrder);
        Path reordered = TopologyFixtures.write(dir, "reordered.json",
                TopologyFixtures.latencyFirst(TopologyFixtures.tree(TopologyFixtures.sixNodes())));
        assertTrue(Files.readString(reordered).startsWith("{\"latency_us\""));
        assertViewsMatchFullRead(reordered);
        assertEquals(TopologyReader.check(inOrder), TopologyReader.check(reordered));
    }

    @Test
    void localViewHoldsTheNodesEdgesBothWays() throws IOException {
        Path file = dir.resolve("six.json");
        TopologyWriter.write(TopologyFixtures.sixNodes(), file);
        LocalTopology three = TopologyReader.readLocal(file, 3);
        assertEquals(List.of(4), three.dials());
        assertEquals(List.of(0, 2), three.dialedBy());
        assertEquals("10.0.0.4", three.self().ip());
        assertEquals("10.0.0.6", three.ipOf(5));
        assertEquals(Duration.ofNanos(three.latencyMicrosTo(0) * 1000L), three.latencyTo(0));
    }

    @Test
    void localViewOfANodeThatIsNotThereIsRefused() throws IOException {
        Path file = dir.resolve("six.json");
        TopologyWriter.write(TopologyFixtures.sixNodes(), file);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TopologyReader.readLocal(file, 6));
        assertEquals("node 6 is not in this topology: its nodes are 0..5", e.getMessage());
    }

    @Test
    void summaryCountsEdgesClassesAndLatencies() throws IOException {
        Path file = dir.resolve("six.json");
        TopologyWriter.write(TopologyFixtures.sixNodes(), file);
        Topology full = TopologyReader.read(file);
        TopologySummary summary = TopologyReader.check(file);
        assertEquals(9, summary.edges());
        assertEquals(3, summary.minNodeDegree());
        assertEquals(3, summary.maxNodeDegree());
        // dcb20 at n = 6: floor(20 × 5 / 100) = 1 datacenter node (node 1), node 0 the builder.
        assertEquals(Map.of(LinkClass.BUILDER, 1, LinkClass.DATACENTER, 1, LinkClass.HOME, 4), summary.classes());
        List<Integer> offDiagonal = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) if (i != j) offDiagonal.add(full.latency().micros(i, j));
        }
        assertEquals(offDiagonal.stream().mapToInt(x -> x).min().orElseThrow(), summary.minLatencyMicros());
        assertEquals(offDiagonal.stream().mapToInt(x -> x).max().orElseThrow(), summary.maxLatencyMicros());
        assertEquals(offDiagonal.stream().mapToInt(x -> x).average().orElseThrow(), summary.meanLatencyMicros(), 1e-9);
        assertTrue(summary.oneLine().startsWith("gsnode.topology/1 n=6 seed=7 degree=3 edges=9 (3..3 per node) latency=geo ("),
                summary.oneLine());
        assertTrue(summary.oneLine().endsWith("scenario=dcb20 (home 4, datacenter 1, builder 1) publisher=0"), summary.oneLine());
    }

    @Test
    void uniformModelRoundTripsAtTwentyFiveMilliseconds() throws IOException {
        Topology uniform = TopologyFixtures.ofEdges(3, 2, Scenario.up(25), LatencyModel.UNIFORM,
                List.of(new Edge(0, 1), new Edge(0, 2), new Edge(1, 2)));
        Path file = dir.resolve("uniform.json");
        TopologyWriter.write(uniform, file);
        LocalTopology view = TopologyReader.readLocal(file, 2);
        assertArrayEquals(new int[] {25_000, 25_000, 25_000}, view.latencyRowMicros());
        assertEquals(25_000_000L, view.self().upBps());
        assertEquals(50_000_000L, view.self().downBps());
    }

    private static void assertViewsMatchFullRead(Path file) throws IOException {
        Topology full = TopologyReader.read(file);
        for (int i = 0; i < full.n(); i++) {
            LocalTopology view = TopologyReader.readLocal(file, i);
            int[] row = new int[full.n()];
            for (int j = 0; j < full.n(); j++) row[j] = full.latency().micros(i, j);
            assertArrayEquals(row, view.latencyRowMicros(), "row " + i);
            assertEquals(full.node(i), view.self());
            assertEquals(full.dials(i), view.dials());
            assertEquals(full.dialedBy(i), view.dialedBy());
            for (int j = 0; j < full.n(); j++) assertEquals(full.node(j).ip(), view.ipOf(j));
            assertEquals(full.n(), view.n());
            assertEquals(full.seed(), view.seed());
            assertEquals(full.scenario(), view.scenario());
            assertEquals(full.latencyModel(), view.latencyModel());
            assertEquals(full.publisher(), view.publisher());
            assertEquals(full.degree(), view.degree());
        }
    }
}
