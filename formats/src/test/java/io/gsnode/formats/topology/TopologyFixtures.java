package io.gsnode.formats.topology;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Small valid topologies built by hand, and their JSON for breaking in tests. */
public final class TopologyFixtures {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private TopologyFixtures() {
    }

    /**
     * Six nodes, seed 7, geo latencies, dcb20 links: a ring 0-1-2-3-4-5-0 plus the chords 0-3,
     * 1-4, 2-5, so every node has degree 3.
     */
    public static Topology sixNodes() {
        return ofEdges(6, 3, Scenario.dcb20(), LatencyModel.GEO, List.of(
                new Edge(0, 1), new Edge(0, 3), new Edge(0, 5), new Edge(1, 2), new Edge(1, 4),
                new Edge(2, 3), new Edge(2, 5), new Edge(3, 4), new Edge(4, 5)));
    }

    /** Eight nodes, seed 7, geo latencies, dcb20 links: a ring of eight plus the four diameters, degree 3. */
    public static Topology eightNodes() {
        return ofEdges(8, 3, Scenario.dcb20(), LatencyModel.GEO, List.of(
                new Edge(0, 1), new Edge(0, 4), new Edge(0, 7), new Edge(1, 2), new Edge(1, 5), new Edge(2, 3),
                new Edge(2, 6), new Edge(3, 4), new Edge(3, 7), new Edge(4, 5), new Edge(5, 6), new Edge(6, 7)));
    }

    public static Topology ofEdges(int n, int degree, Scenario scenario, LatencyModel model, List<Edge> edges) {
        long seed = 7;
        List<TopologyNode> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            AccessLink link = scenario.accessLink(i, n);
            nodes.add(new TopologyNode(i, IpPlan.ipOf(i), GeoLatency.regionOf(seed, i), link.linkClass(),
                    link.upBps(), link.downBps()));
        }
        return new Topology(n, seed, degree, model, scenario, 0, nodes, edges, LatencyMatrix.computed(model, seed, n));
    }

    static String text(Topology topology) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            TopologyWriter.write(topology, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The writer's output as a tree, for a test to break one thing in. */
    static ObjectNode tree(Topology topology) {
        try {
            return (ObjectNode) MAPPER.readTree(text(topology));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(Path dir, String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    static Path write(Path dir, String name, ObjectNode tree) throws IOException {
        return write(dir, name, MAPPER.writeValueAsString(tree));
    }

    /** The same fields with latency_us first and n last, as another tool may write them (JSON keys have no order). */
    static ObjectNode latencyFirst(ObjectNode tree) {
        ObjectNode out = MAPPER.createObjectNode();
        out.set("latency_us", tree.get("latency_us"));
        tree.fieldNames().forEachRemaining(name -> {
            if (!name.equals("latency_us") && !name.equals("n")) out.set(name, tree.get(name));
        });
        out.set("n", tree.get("n"));
        return out;
    }
}
