package io.gsnode.tools.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.GeoLatency;
import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.LatencyMatrix;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.LinkClass;
import io.gsnode.formats.topology.LocalTopology;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.formats.topology.TopologySummary;
import io.gsnode.formats.topology.TopologyWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The generator's topologies: graph, addresses, regions, links, latencies, and a valid file. */
class TopologyGeneratorTest {

    @TempDir
    Path dir;

    @Test
    void defaultsGiveARegularGraphWithPlanAddressesAndGeoRegions() {
        Topology t = TopologyGenerator.generate(TopologyParams.defaults(100, 7));
        assertEquals(70, t.degree());
        assertEquals(100 * 70 / 2, t.edges().size());
        assertEquals(0, t.publisher());
        for (TopologyNode node : t.nodes()) {
            assertEquals(IpPlan.ipOf(node.index()), node.ip());
            assertEquals(GeoLatency.regionOf(7, node.index()), node.region());
            assertEquals(LinkClass.HOME, node.linkClass());
        }
        assertEquals(102_796, t.latency().micros(0, 1)); // worked out by hand in GeoLatencyTest
    }

    @Test
    void dcb20AtFiveHundredHasTheBuilderNinetyNineDatacentersAndHomeNodes() {
        Topology t = generate(500, Scenario.dcb20(), LatencyModel.GEO, EdgeKind.REGULAR);
        assertEquals(LinkClass.BUILDER, t.node(0).linkClass());
        assertEquals(1_000_000_000L, t.node(0).upBps());
        for (int i = 1; i <= 99; i++) assertEquals(LinkClass.DATACENTER, t.node(i).linkClass(), "node " + i);
        for (int i = 100; i < 500; i++) assertEquals(LinkClass.HOME, t.node(i).linkClass(), "node " + i);
        assertEquals(50_000_000L, t.node(100).upBps());
        assertEquals(100_000_000L, t.node(100).downBps());
    }

    @Test
    void upNScenarioGivesEveryNodeNAndTwoN() {
        Topology t = generate(20, Scenario.up(10), LatencyModel.GEO, EdgeKind.REGULAR);
        for (TopologyNode node : t.nodes()) {
            assertEquals(10_000_000L, node.upBps());
            assertEquals(20_000_000L, node.downBps());
        }
    }

    @Test
    void lineAndStarAreTheKnownAnswerGraphsWithDegreeZero() {
        Topology line = generate(4, Scenario.home(), LatencyModel.UNIFORM, EdgeKind.LINE);
        assertEquals(List.of(new Edge(0, 1), new Edge(1, 2), new Edge(2, 3)), line.edges());
        assertEquals(0, line.degree());
        Topology star = generate(4, Scenario.home(), LatencyModel.UNIFORM, EdgeKind.STAR);
        assertEquals(List.of(new Edge(0, 1), new Edge(0, 2), new Edge(0, 3)), star.edges());
        assertEquals(List.of(1, 2, 3), star.dials(0));
    }

    @Test
    void uniformLatencyIsTwentyFiveMillisecondsEverywhere() {
        Topology t = generate(2, Scenario.home(), LatencyModel.UNIFORM, EdgeKind.LINE);
        assertTrue(LatencyMatrix.sameValues(LatencyMatrix.dense(2, new int[] {25_000, 25_000, 25_000, 25_000}), t.latency()));
    }

    @Test
    void degreeIsClampedForSmallNetworks() {
        assertEquals(9, TopologyGenerator.generate(TopologyParams.defaults(10, 7)).degree());
        assertEquals(1, TopologyGenerator.generate(TopologyParams.defaults(2, 7)).degree());
    }

    @ParameterizedTest(name = "{0} nodes, {1}, {2}, {3}")
    @CsvSource({"2,home,uniform,line", "2,home,geo,regular", "7,dc20,geo,regular", "30,dcb20,geo,star", "120,up25,uniform,regular",
        "300,dcb20,geo,regular"})
    void generatedFilesPassTheCheckAndReadBackUnchanged(int n, String scenario, String model, String edges) throws IOException {
        Topology generated = generate(n, Scenario.parse(scenario).orElseThrow(), LatencyModel.fromWireName(model).orElseThrow(),
                EdgeKind.fromWireName(edges).orElseThrow());
        Path file = dir.resolve("t.json");
        TopologyWriter.write(generated, file);

        TopologySummary summary = TopologyReader.check(file);
        assertEquals(n, summary.n());
        assertEquals(generated.edges().size(), summary.edges());

        Topology read = TopologyReader.read(file);
        assertEquals(generated.nodes(), read.nodes());
        assertEquals(generated.edges(), read.edges());
        assertEquals(generated.degree(), read.degree());
        assertEquals(generated.scenario(), read.scenario());
        assertTrue(LatencyMatrix.sameValues(generated.latency(), read.latency()));

        LocalTopology last = TopologyReader.readLocal(file, n - 1);
        assertEquals(generated.dialedBy(n - 1), last.dialedBy());
        assertEquals(generated.latency().micros(n - 1, 0), last.latencyMicrosTo(0));
    }

    @Test
    void dc20SummaryCountsTheClasses() throws IOException {
        Path file = dir.resolve("dc20.json");
        TopologyWriter.write(generate(500, Scenario.dc20(), LatencyModel.GEO, EdgeKind.REGULAR), file);
        assertEquals(Map.of(LinkClass.HOME, 401, LinkClass.DATACENTER, 99), TopologyReader.check(file).classes());
    }

    @Test
    void paramsRefuseWhatCannotBeGenerated() {
        assertThrows(IllegalArgumentException.class, () -> TopologyParams.defaults(1, 7));
        assertThrows(IllegalArgumentException.class, () -> TopologyParams.defaults(IpPlan.MAX_NODES + 1, 7));
        assertThrows(IllegalArgumentException.class,
                () -> new TopologyParams(10, 0, 7, LatencyModel.GEO, Scenario.home(), EdgeKind.REGULAR));
    }

    private static Topology generate(int n, Scenario scenario, LatencyModel model, EdgeKind edges) {
        return TopologyGenerator.generate(new TopologyParams(n, TopologyParams.DEFAULT_DEGREE, 7, model, scenario, edges));
    }
}
