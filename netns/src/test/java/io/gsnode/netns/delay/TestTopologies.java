package io.gsnode.netns.delay;

import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.LatencyMatrix;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.LinkClass;
import io.gsnode.formats.topology.Region;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.formats.topology.TopologyWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntBinaryOperator;

/** Topology files for switch tests: node i at IpPlan.ipOf(i), a star from node 0, given latencies. */
final class TestTopologies {

    private TestTopologies() {
    }

    /**
     * Writes a {@code gsnode.topology/1} file with {@code latencyMicros(from, to)} as the matrix and
     * reads it back through {@link TopologyReader}, as the switch command does.
     */
    static Topology written(Path file, int n, IntBinaryOperator latencyMicros) throws IOException {
        List<TopologyNode> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add(new TopologyNode(i, IpPlan.ipOf(i), Region.EU, LinkClass.HOME, 50_000_000L, 100_000_000L));
        }
        List<Edge> edges = new ArrayList<>();
        for (int i = 1; i < n; i++) edges.add(new Edge(0, i));
        int[] matrix = new int[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) matrix[i * n + j] = latencyMicros.applyAsInt(i, j);
        }
        Topology t = new Topology(n, 1, 0, LatencyModel.UNIFORM, Scenario.home(), 0, nodes, edges, LatencyMatrix.dense(n, matrix));
        TopologyWriter.write(t, file);
        return TopologyReader.read(file);
    }

    static Topology uniform(Path file, int n, int micros) throws IOException {
        return written(file, n, (a, b) -> micros);
    }
}
