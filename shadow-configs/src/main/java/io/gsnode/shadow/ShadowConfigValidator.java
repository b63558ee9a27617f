package io.gsnode.shadow;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a {@code shadow.yaml} and its graph by the rules of Shadow 3.3.0 (its
 * <a href="https://shadow.github.io/docs/guide/shadow_config_spec.html">config</a> and
 * <a href="https://shadow.github.io/docs/guide/network_graph_spec.html">network graph</a> specs, and
 * what 3.3.0's parser does), so that nothing Shadow would refuse leaves the generator.
 * {@link ShadowYamlFiles} holds each field to its type (unknown and duplicate keys, quantities with
 * a known unit and an integer magnitude, strings that are strings); this class keeps the rules
 * that span fields: host names use {@code a-z 0-9 - .}, IPs are unique usable IPv4 addresses,
 * every {@code network_node_id} is a graph node with rates, process times fall before
 * {@code stop_time}, and the data directory does not exist yet. The graph: directed, every node
 * with a self-loop, loss a float token, latencies non-zero integers; with
 * {@code use_shortest_path: false} exactly one edge per ordered pair.
 *
 * <p>One rule is ours, not Shadow's: host-level {@code bandwidth_up}/{@code bandwidth_down} are
 * refused, because 3.3.0 ignores the first and applies the second both ways.
 *
 * <p>Relative paths (the graph, the data directory) resolve against the config's directory, where
 * Shadow is to be run.
 */
public final class ShadowConfigValidator {

    private final Path dir;
    private final List<String> problems = new ArrayList<>();

    private ShadowConfigValidator(Path dir) {
        this.dir = dir;
    }

    /** What a check found: the config and graph as read (null where unreadable), and every problem (empty when valid). */
    public record Result(ShadowYaml.Config config, GmlGraph graph, List<String> problems) {
        public boolean valid() {
            return problems.isEmpty();
        }
    }

    /** Checks {@code configFile} and the graph it names; an unreadable config is one problem. */
    public static Result check(Path configFile) throws IOException {
        ShadowConfigValidator v = new ShadowConfigValidator(configFile.toAbsolutePath().getParent());
        ShadowYaml.Config config;
        try {
            config = ShadowYamlFiles.read(Files.readString(configFile));
        } catch (IllegalArgumentException e) {
            return new Result(null, null, List.of(configFile.getFileName() + ": " + e.getMessage()));
        }
        GmlGraph graph = v.config(config);
        return new Result(config, graph, List.copyOf(v.problems));
    }

    /** Like {@link #check} but throws with every problem listed. */
    public static Result require(Path configFile) throws IOException {
        Result r = check(configFile);
        if (!r.valid()) {
            throw new IOException(configFile.getFileName() + " breaks Shadow's rules:\n  " + String.join("\n  ", r.problems()));
        }
        return r;
    }

    private GmlGraph config(ShadowYaml.Config config) throws IOException {
        long stopNanos = general(config.general());
        GmlGraph graph = network(config.network());
        if (config.hosts().isEmpty()) problem("hosts must not be empty");
        Set<String> ips = new HashSet<>();
        for (Map.Entry<String, ShadowYaml.Host> e : config.hosts().entrySet()) host(e.getKey(), e.getValue(), graph, ips, stopNanos);
        return graph;
    }

    private long general(ShadowYaml.General g) {
        long stop = g.stopTime().nanos();
        if (stop == 0) problem("general.stop_time must be positive");
        if (g.seed() != null && (g.seed() < 0 || g.seed() > 0xffff_ffffL)) problem("general.seed must be in 0..4294967295, was " + g.seed());
        if (g.parallelism() != null && g.parallelism() < 0) problem("general.parallelism must not be negative, was " + g.parallelism());
        String data = g.dataDirectory() == null ? ShadowConfig.DATA_DIRECTORY : g.dataDirectory();
        if (g.templateDirectory() == null && Files.exists(dir.resolve(data))) {
            problem("general.data_directory '" + data + "' already exists; Shadow refuses to start (delete it or pass -d)");
        }
        return stop;
    }

    private GmlGraph network(ShadowYaml.Network n) throws IOException {
        ShadowYaml.Graph graph = n.graph();
        if (graph.type() == ShadowYaml.GraphType.ONE_GBIT_SWITCH) return null;
        if (graph.inline() != null) {
            problem("network.graph.inline: this checker reads graph files only");
            return null;
        }
        if (graph.file() == null) {
            problem("network.graph.file is required for a gml graph");
            return null;
        }
        if (graph.file().compression() != null) {
            problem("network.graph.file.compression: this checker reads uncompressed graphs only, was '" + graph.file().compression() + "'");
            return null;
        }
        String path = graph.file().path();
        Path graphFile = dir.resolve(path);
        if (!Files.isRegularFile(graphFile)) {
            problem("network.graph.file.path '" + path + "' is not a file (relative paths resolve where Shadow runs)");
            return null;
        }
        GmlGraph g;
        try (BufferedReader r = Files.newBufferedReader(graphFile, StandardCharsets.UTF_8)) {
            g = GmlGraphReader.read(r);
        } catch (IOException e) {
            problem(path + ": " + e.getMessage());
            return null;
        }
        graph(g, path, n.useShortestPath() == null || n.useShortestPath());
        return g;
    }

    /** Shadow's GML graph rules: the format, and a path for every pair of hosts. */
    private void graph(GmlGraph g, String path, boolean shortestPath) {
        if (!g.directed()) problem(path + ": the graph must be directed (directed 1) to give each direction its own latency");
        long[] ids = g.nodeIds();
        Map<Long, Integer> dense = new HashMap<>();
        for (long id : ids) dense.put(id, dense.size());
        int n = ids.length;
        // A bit per ordered pair while n² fits a BitSet (n <= 46340, far past any complete graph);
        // a set of the pairs present beyond that (a sparse graph of a huge cell).
        boolean dense2 = (long) n * n <= Integer.MAX_VALUE;
        BitSet bits = new BitSet();
        Set<Long> sparse = new HashSet<>();
        for (int e = 0; e < g.edgeCount(); e++) {
            Integer s = dense.get(g.source(e)), t = dense.get(g.target(e));
            if (s == null || t == null) {
                problem(path + ": edge " + g.source(e) + " -> " + g.target(e) + " names a node that does not exist");
                return;
            }
            long pair = (long) s * n + t;
            boolean fresh;
            if (dense2) {
                fresh = !bits.get((int) pair);
                bits.set((int) pair);
            } else {
                fresh = sparse.add(pair);
            }
            if (!fresh) {
                problem(path + ": two edges " + g.source(e) + " -> " + g.target(e) + " (Shadow wants exactly one per ordered pair)");
                return;
            }
        }
        for (int i = 0; i < n; i++) {
            long self = (long) i * n + i;
            if (dense2 ? !bits.get((int) self) : !sparse.contains(self)) {
                problem(path + ": node " + ids[i] + " has no self-loop (Shadow requires one on every node)");
                return;
            }
        }
        long present = dense2 ? bits.cardinality() : sparse.size();
        if (!shortestPath && present != (long) n * n) {
            problem(path + ": use_shortest_path is false but the graph is not complete: " + present + " of "
                    + (long) n * n + " ordered pairs have an edge");
        }
    }

    private void host(String name, ShadowYaml.Host h, GmlGraph graph, Set<String> ips, long stopNanos) {
        String where = "hosts." + name;
        String nameProblem = HostNames.problemWith(name);
        if (nameProblem != null) problem("host name '" + name + "' " + nameProblem);
        long node = h.networkNodeId();
        if (node < 0 || node > 0xffff_ffffL) {
            problem(where + ".network_node_id must be in 0..4294967295, was " + node);
        } else if (graph != null) {
            GmlGraph.Node gn = graph.node(node);
            if (gn == null) {
                problem(where + ".network_node_id " + node + " is not a node of the graph");
            } else if (gn.upBps() == 0 || gn.downBps() == 0) {
                problem(where + ": graph node " + node + " lacks host_bandwidth_up/down");
            }
        }
        if (h.bandwidthUp() != null || h.bandwidthDown() != null) {
            problem(where + "." + (h.bandwidthUp() != null ? "bandwidth_up" : "bandwidth_down")
                    + ": Shadow 3.3.0 ignores bandwidth_up and applies bandwidth_down both ways; put the rates on the GML node");
        }
        String ip = h.ipAddr();
        if (ip != null) {
            int[] o = ipv4(ip);
            if (o == null) problem(where + ".ip_addr '" + ip + "' is not a dotted-quad IPv4 address");
            else if (o[0] == 0 || o[0] == 127 || (o[0] >= 224 && o[0] <= 239) || ip.equals("255.255.255.255")) {
                problem(where + ".ip_addr '" + ip + "' is unspecified, loopback, multicast or broadcast");
            } else if (!ips.add(ip)) problem(where + ".ip_addr '" + ip + "' is used by another host");
        }
        if (h.processes().isEmpty()) problem(where + ".processes must not be empty");
        for (int i = 0; i < h.processes().size(); i++) process(h.processes().get(i), where + ".processes[" + i + "]", stopNanos);
    }

    private void process(ShadowYaml.Process p, String where, long stopNanos) {
        long start = p.startTime() == null ? 0 : p.startTime().nanos();
        if (start >= stopNanos) problem(where + ".start_time must be before general.stop_time");
        if (p.shutdownTime() != null && (p.shutdownTime().nanos() <= start || p.shutdownTime().nanos() >= stopNanos)) {
            problem(where + ".shutdown_time must be after start_time and before general.stop_time");
        }
    }

    private void problem(String what) {
        problems.add(what);
    }

    /** The four octets of a dotted quad, or null (no leading zeros, as Rust's Ipv4Addr parser). */
    private static int[] ipv4(String ip) {
        String[] parts = ip.split("\\.", -1);
        if (parts.length != 4) return null;
        int[] o = new int[4];
        for (int i = 0; i < 4; i++) {
            if (!parts[i].matches("0|[1-9][0-9]{0,2}")) return null;
            o[i] = Integer.parseInt(parts[i]);
            if (o[i] > 255) return null;
        }
        return o;
    }
}
