package io.gsnode.formats.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A whole {@code gsnode.topology/1} file in memory: what the generator makes and the writer writes,
 * and what {@link TopologyReader#read} returns. A node should not hold one of these at scale; it
 * reads a {@link LocalTopology} instead.
 *
 * <p>The constructor checks that the parts fit together (sizes, ranges); the graph-level checks
 * (duplicate edges, connectivity, unique IPs) are the reader's, which reports them with the
 * position in the file.
 *
 * @param n node count, at least 2
 * @param seed the seed of the graph, region and latency draws
 * @param degree the random regular graph's degree after clamping (docs/arms.md §10.1); 0 for the
 *     known-answer graphs (line, star), which have none
 * @param latencyModel the model the latencies were drawn from
 * @param scenario the link scenario the access links were drawn from
 * @param publisher the publishing node (docs/arms.md §10.2: always 0 from the generator)
 * @param nodes the n nodes, in index order
 * @param edges the dial graph, each edge a < b, sorted by (a, b)
 * @param latency the n × n one-way latencies, microseconds
 */
public record Topology(int n, long seed, int degree, LatencyModel latencyModel, Scenario scenario, int publisher,
                       List<TopologyNode> nodes, List<Edge> edges, LatencyMatrix latency) {

    /** The schema this model reads and writes. */
    public static final String SCHEMA = "gsnode.topology/1";

    public Topology {
        if (n < 2) throw new IllegalArgumentException("n must be at least 2, was " + n);
        if (degree < 0 || degree > n - 1) {
            throw new IllegalArgumentException("degree must be in 0..n-1 = " + (n - 1) + ", was " + degree);
        }
        Objects.requireNonNull(latencyModel, "latencyModel");
        Objects.requireNonNull(scenario, "scenario");
        if (publisher < 0 || publisher >= n) {
            throw new IllegalArgumentException("publisher must be in 0.." + (n - 1) + ", was " + publisher);
        }
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        if (nodes.size() != n) throw new IllegalArgumentException("nodes has " + nodes.size() + " entries, n is " + n);
        for (int i = 0; i < n; i++) {
            if (nodes.get(i).index() != i) {
                throw new IllegalArgumentException("nodes[" + i + "] has index " + nodes.get(i).index());
            }
        }
        for (Edge e : edges) {
            if (e.b() >= n) throw new IllegalArgumentException("edge " + e + " is outside 0.." + (n - 1));
        }
        Objects.requireNonNull(latency, "latency");
        if (latency.n() != n) throw new IllegalArgumentException("latency is " + latency.n() + " x " + latency.n() + ", n is " + n);
    }

    public TopologyNode node(int index) {
        return nodes.get(index);
    }

    /** The peers node {@code index} dials: every b of an edge (index, b), ascending. */
    public List<Integer> dials(int index) {
        List<Integer> out = new ArrayList<>();
        for (Edge e : edges) {
            if (e.a() == index) out.add(e.b());
        }
        return out;
    }

    /** The peers that dial node {@code index}: every a of an edge (a, index), ascending. */
    public List<Integer> dialedBy(int index) {
        List<Integer> out = new ArrayList<>();
        for (Edge e : edges) {
            if (e.b() == index) out.add(e.a());
        }
        return out;
    }
}
