package io.gsnode.shadow;

import io.gsnode.formats.topology.Edge;
import io.gsnode.formats.topology.LatencyMatrix;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import java.io.IOException;
import java.io.Writer;

/**
 * Writes a topology as Shadow's GML network graph (<a
 * href="https://shadow.github.io/docs/guide/network_graph_spec.html">spec</a>): directed, one node per
 * host carrying that host's rates, edges with integer-microsecond latencies and a loss of
 * {@code 0.0}, one {@code key value} pair per line (the parser's safest form).
 *
 * <p>Rates go on the graph node, never on the host: Shadow 3.3.0 ignores a host's
 * {@code bandwidth_up} and applies its {@code bandwidth_down} to both directions, while
 * {@code host_bandwidth_up/down} on a node are read correctly.
 *
 * <p>Shadow requires every latency to be non-zero; a zero in the topology (two nodes at the same
 * place) is written as 1 us and counted in {@link Stats#raisedToOneMicro}. Since Shadow rounds
 * every latency up to its round length anyway (at least the runahead), that changes nothing the
 * simulation can see.
 */
public final class GmlGraphWriter {

    /** What was written, for the summary and the runahead. */
    public record Stats(long nodes, long edges, long minLatencyMicros, long maxLatencyMicros, long raisedToOneMicro) {
    }

    private final Writer out;
    private final StringBuilder line = new StringBuilder(128);
    private char[] chars = new char[256];
    private long edges;
    private long min = Long.MAX_VALUE;
    private long max;
    private long raised;

    private GmlGraphWriter(Writer out) {
        this.out = out;
    }

    /** Writes the graph of {@code kind} for {@code topology} to {@code out}, which stays open. */
    public static Stats write(Topology topology, GraphKind kind, Writer out) throws IOException {
        GmlGraphWriter w = new GmlGraphWriter(out);
        w.raw("graph [\n  directed 1\n");
        for (TopologyNode node : topology.nodes()) w.node(node);
        LatencyMatrix latency = topology.latency();
        int n = topology.n();
        if (kind == GraphKind.COMPLETE) {
            for (int from = 0; from < n; from++) {
                for (int to = 0; to < n; to++) w.edge(from, to, latency.micros(from, to));
            }
        } else {
            // Shadow needs a self-loop on every node with hosts; the dial graph gives the rest, both ways.
            for (int i = 0; i < n; i++) w.edge(i, i, latency.micros(i, i));
            for (Edge e : topology.edges()) {
                w.edge(e.a(), e.b(), latency.micros(e.a(), e.b()));
                w.edge(e.b(), e.a(), latency.micros(e.b(), e.a()));
            }
        }
        w.raw("]\n");
        return new Stats(n, w.edges, w.min, w.max, w.raised);
    }

    private void node(TopologyNode node) throws IOException {
        line.setLength(0);
        line.append("  node [\n    id ").append(node.index())
                .append("\n    label \"").append(HostNames.of(node.index()))
                .append("\"\n    host_bandwidth_up \"").append(ShadowQuantity.bits(node.upBps()))
                .append("\"\n    host_bandwidth_down \"").append(ShadowQuantity.bits(node.downBps()))
                .append("\"\n  ]\n");
        flushLine();
    }

    private void edge(int from, int to, int micros) throws IOException {
        long us = micros;
        if (us < 1) {
            us = 1;
            raised++;
        }
        min = Math.min(min, us);
        max = Math.max(max, us);
        edges++;
        line.setLength(0);
        line.append("  edge [\n    source ").append(from)
                .append("\n    target ").append(to)
                .append("\n    latency \"").append(us).append(" us\"\n    packet_loss 0.0\n  ]\n");
        flushLine();
    }

    /** Hands the line over without a String per edge (4 M of them at N = 2000). */
    private void flushLine() throws IOException {
        int len = line.length();
        if (chars.length < len) chars = new char[len * 2];
        line.getChars(0, len, chars, 0);
        out.write(chars, 0, len);
    }

    private void raw(String s) throws IOException {
        out.write(s);
    }
}
