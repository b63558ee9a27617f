package io.gsnode.formats.topology;

import com.fasterxml.jackson.core.JsonParser;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Reads and validates {@code gsnode.topology/1} files (docs/topology.md). Every method validates the
 * whole file and throws {@link InvalidTopologyException} naming the first problem (unknown schema,
 * n mismatch, bad or duplicate IP, edge out of range or not a < b, duplicate edge, wrong-length or
 * negative latency matrix, unknown class, region, model or scenario, publisher out of range,
 * disconnected graph, malformed JSON, ...). They differ only in what they keep:
 *
 * <ul>
 *   <li>{@link #read}: everything, the n × n matrix included (tools, tests, small files);</li>
 *   <li>{@link #readLocal}: one node's view, in memory O(n + edges), never O(n²) (the daemon);</li>
 *   <li>{@link #check}: a summary, in memory O(n + edges) ({@code gsnode topology --check}).</li>
 * </ul>
 *
 * The file is streamed with Jackson's {@link JsonParser}; no tree of it is ever built.
 */
public final class TopologyReader {

    /** The most latency values a full read holds in one array. */
    static final long MAX_DENSE_VALUES = Integer.MAX_VALUE - 8;

    private TopologyReader() {
    }

    /** Reads and validates the whole file, latency matrix included. */
    public static Topology read(Path file) throws IOException {
        try (InputStream in = open(file)) {
            return read(in);
        }
    }

    /** Reads and validates a whole topology from {@code in}, which the caller closes. */
    public static Topology read(InputStream in) throws IOException {
        IntList values = new IntList(1 << 16);
        RawTopology raw;
        try (JsonParser p = TopologyParser.json().createParser(in)) {
            raw = TopologyParser.parse(p, (k, micros) -> {
                if (k >= MAX_DENSE_VALUES) {
                    throw new IOException("latency_us holds more than " + MAX_DENSE_VALUES
                            + " values, too many to hold whole; read one node's view with readLocal");
                }
                values.add(micros);
            });
        }
        TopologyChecks.check(raw);
        return new Topology(raw.n, raw.seed, raw.degree, raw.latencyModel, raw.scenario, raw.publisher, raw.nodes,
                sortedEdges(raw), new DenseLatencyMatrix(raw.n, values.toArray()));
    }

    /**
     * Reads what node {@code index} needs (its row, its entry, its edges, all IPs) and validates
     * the whole file on the way. Reads the file twice only when latency_us comes before n.
     *
     * @throws IllegalArgumentException if the file is valid but has no node {@code index}
     */
    public static LocalTopology readLocal(Path file, int index) throws IOException {
        if (index < 0) throw new IllegalArgumentException("node index must not be negative, was " + index);
        RawTopology raw = parseFile(file, n -> new LatencyRow(n, index));
        if (index >= raw.n) {
            throw new IllegalArgumentException("node " + index + " is not in this topology: its nodes are 0.." + (raw.n - 1));
        }
        LatencyRow row = (LatencyRow) raw.latencySink;
        List<Integer> dials = new ArrayList<>();
        List<Integer> dialedBy = new ArrayList<>();
        for (int k = 0; k < raw.edgeA.size(); k++) {
            if (raw.edgeA.get(k) == index) dials.add(raw.edgeB.get(k));
            if (raw.edgeB.get(k) == index) dialedBy.add(raw.edgeA.get(k));
        }
        Collections.sort(dials);
        Collections.sort(dialedBy);
        List<String> ips = raw.nodes.stream().map(TopologyNode::ip).toList();
        return new LocalTopology(raw.n, raw.seed, raw.degree, raw.latencyModel, raw.scenario, raw.publisher,
                raw.nodes.get(index), ips, dials, dialedBy, row.row());
    }

    /** Validates the whole file and summarises it, holding no more than the reader's O(n + edges). */
    public static TopologySummary check(Path file) throws IOException {
        RawTopology raw = parseFile(file, LatencyStats::new);
        LatencyStats stats = (LatencyStats) raw.latencySink;
        int[] perNode = new int[raw.n];
        for (int k = 0; k < raw.edgeA.size(); k++) {
            perNode[raw.edgeA.get(k)]++;
            perNode[raw.edgeB.get(k)]++;
        }
        Map<LinkClass, Integer> classes = new EnumMap<>(LinkClass.class);
        for (TopologyNode node : raw.nodes) classes.merge(node.linkClass(), 1, Integer::sum);
        return new TopologySummary(raw.n, raw.seed, raw.degree, raw.latencyModel, raw.scenario, raw.publisher,
                raw.edgeA.size(), Arrays.stream(perNode).min().orElse(0),
                Arrays.stream(perNode).max().orElse(0), classes, stats.min(), stats.max(), stats.mean());
    }

    /**
     * Parses and checks the file with a sink made for n; when the file put latency_us before n, a
     * second pass feeds the now-known sink.
     */
    private static RawTopology parseFile(Path file, IntFunction<TopologyParser.LatencySink> sinkForN)
            throws IOException {
        RawTopology raw;
        try (InputStream in = open(file); JsonParser p = TopologyParser.json().createParser(in)) {
            raw = TopologyParser.parse(p, sinkForN);
        }
        TopologyChecks.check(raw);
        if (raw.latencyDeferred) {
            raw.latencySink = sinkForN.apply(raw.n);
            try (InputStream in = open(file); JsonParser p = TopologyParser.json().createParser(in)) {
                TopologyParser.replayLatency(p, raw.latencySink);
            }
        }
        return raw;
    }

    private static List<Edge> sortedEdges(RawTopology raw) {
        List<Edge> edges = new ArrayList<>(raw.edgeA.size());
        for (int k = 0; k < raw.edgeA.size(); k++) edges.add(new Edge(raw.edgeA.get(k), raw.edgeB.get(k)));
        Collections.sort(edges);
        return edges;
    }

    private static InputStream open(Path file) throws IOException {
        return new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    }
}
