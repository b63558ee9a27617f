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
 * Checks a generated {@code shadow.yaml} and its graph with the rules of Shadow 3.3.0's parser
 * (its <a href="https://shadow.github.io/docs/guide/shadow_config_spec.html">config</a> and
 * <a href="https://shadow.github.io/docs/guide/network_graph_spec.html">network graph</a> specs, and
 * what 3.3.0's parser does), since no Shadow binary runs in CI: every struct rejects unknown keys,
 * required keys are present, quantities are integers with a known unit, host names use
 * {@code a-z 0-9 - .}, string fields are strings, IPs are unique usable IPv4 addresses, every
 * {@code network_node_id} is a graph node, process times fall before {@code stop_time}, and the
 * data directory does not exist yet. The graph: directed, every node with hosts has a self-loop and
 * rates, loss is a float token, latencies are non-zero integers; with
 * {@code use_shortest_path: false} exactly one edge per ordered pair.
 *
 * <p>One rule is ours, not Shadow's: host-level {@code bandwidth_up}/{@code bandwidth_down} are
 * refused, because 3.3.0 ignores the first and applies the second both ways.
 *
 * <p>Relative paths (the graph, the data directory) resolve against the config's directory, where
 * Shadow is to be run.
 */
public final class ShadowConfigValidator {

    private static final Set<String> TOP = Set.of("general", "network", "experimental", "host_option_defaults", "hosts");
    private static final Set<String> GENERAL = Set.of("stop_time", "seed", "parallelism", "bootstrap_end_time", "log_level",
            "heartbeat_interval", "data_directory", "template_directory", "progress", "model_unblocked_syscall_latency");
    private static final Set<String> NETWORK = Set.of("graph", "use_shortest_path");
    private static final Set<String> GRAPH = Set.of("type", "inline", "file");
    private static final Set<String> GRAPH_FILE = Set.of("path", "compression");
    private static final Set<String> EXPERIMENTAL = Set.of("interface_qdisc", "socket_send_buffer", "socket_recv_buffer",
            "socket_send_autotune", "socket_recv_autotune", "use_memory_manager", "use_cpu_pinning", "scheduler",
            "use_worker_spinning", "runahead", "use_dynamic_runahead", "max_unapplied_cpu_latency",
            "unblocked_syscall_latency", "unblocked_vdso_latency", "native_preemption_enabled",
            "native_preemption_native_interval", "native_preemption_sim_interval", "strace_logging_mode", "use_new_tcp",
            "use_preload_libc", "use_preload_openssl_rng", "use_preload_openssl_crypto", "use_syscall_counters",
            "use_object_counters", "use_sched_fifo", "report_errors_to_stderr");
    private static final Set<String> HOST_OPTIONS = Set.of("log_level", "pcap_enabled", "pcap_capture_size");
    private static final Set<String> HOST = Set.of("network_node_id", "ip_addr", "bandwidth_down", "bandwidth_up",
            "host_options", "processes");
    private static final Set<String> PROCESS = Set.of("path", "args", "environment", "start_time", "shutdown_time",
            "shutdown_signal", "expected_final_state");
    private static final Set<String> LOG_LEVELS = Set.of("error", "warning", "info", "debug", "trace");
    private static final Set<String> BOOLEAN_EXPERIMENTAL = Set.of("socket_send_autotune", "socket_recv_autotune",
            "use_memory_manager", "use_cpu_pinning", "use_worker_spinning", "use_dynamic_runahead",
            "native_preemption_enabled", "use_new_tcp", "use_preload_libc", "use_preload_openssl_rng",
            "use_preload_openssl_crypto", "use_syscall_counters", "use_object_counters", "use_sched_fifo",
            "report_errors_to_stderr");
    private static final Set<String> TIME_EXPERIMENTAL = Set.of("runahead", "max_unapplied_cpu_latency",
            "unblocked_syscall_latency", "unblocked_vdso_latency", "native_preemption_native_interval",
            "native_preemption_sim_interval");

    private final Path dir;
    private final List<String> problems = new ArrayList<>();

    private ShadowConfigValidator(Path dir) {
        this.dir = dir;
    }

    /** What a check found: the parsed config and graph, and every problem (empty when valid). */
    public record Result(Map<String, Object> config, GmlGraph graph, List<String> problems) {
        public boolean valid() {
            return problems.isEmpty();
        }
    }

    /** Checks {@code configFile} and the graph it names; syntax errors are problems too. */
    public static Result check(Path configFile) throws IOException {
        Path dir = configFile.toAbsolutePath().getParent();
        ShadowConfigValidator v = new ShadowConfigValidator(dir);
        Map<String, Object> config;
        try {
            config = YamlSubsetReader.parse(Files.readString(configFile));
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

    private GmlGraph config(Map<String, Object> root) throws IOException {
        for (String key : root.keySet()) {
            if (!TOP.contains(key) && !key.startsWith("x-")) problem("unknown top-level key '" + key + "'");
        }
        Map<String, Object> general = requiredMap(root, "general", "");
        Map<String, Object> network = requiredMap(root, "network", "");
        Long stopNanos = null;
        if (general != null) stopNanos = general(general);
        GmlGraph graph = network == null ? null : network(network);
        Map<String, Object> experimental = optionalMap(root, "experimental", "");
        if (experimental != null) experimental(experimental);
        Map<String, Object> defaults = optionalMap(root, "host_option_defaults", "");
        if (defaults != null) hostOptions(defaults, "host_option_defaults");
        Map<String, Object> hosts = requiredMap(root, "hosts", "");
        if (hosts != null) {
            if (hosts.isEmpty()) problem("hosts must not be empty");
            Set<String> ips = new HashSet<>();
            for (Map.Entry<String, Object> e : hosts.entrySet()) host(e.getKey(), e.getValue(), graph, ips, stopNanos);
        }
        return graph;
    }

    private Long general(Map<String, Object> g) {
        unknownKeys(g, GENERAL, "general");
        Long stop = time(g, "stop_time", "general", true);
        if (stop != null && stop == 0) problem("general.stop_time must be positive");
        integer(g, "seed", "general", 0, 0xffff_ffffL);
        integer(g, "parallelism", "general", 0, Integer.MAX_VALUE);
        time(g, "bootstrap_end_time", "general", false);
        if (g.containsKey("heartbeat_interval") && g.get("heartbeat_interval") != null) time(g, "heartbeat_interval", "general", false);
        oneOf(g, "log_level", "general", LOG_LEVELS);
        bool(g, "progress", "general");
        bool(g, "model_unblocked_syscall_latency", "general");
        String data = string(g, "data_directory", "general", false);
        if (data == null && !g.containsKey("data_directory")) data = ShadowConfig.DATA_DIRECTORY;
        String template = string(g, "template_directory", "general", false);
        if (data != null && template == null && Files.exists(dir.resolve(data))) {
            problem("general.data_directory '" + data + "' already exists; Shadow refuses to start (delete it or pass -d)");
        }
        return stop;
    }

    private GmlGraph network(Map<String, Object> n) throws IOException {
        unknownKeys(n, NETWORK, "network");
        Boolean shortest = bool(n, "use_shortest_path", "network");
        Map<String, Object> graph = requiredMap(n, "graph", "network.");
        if (graph == null) return null;
        unknownKeys(graph, GRAPH, "network.graph");
        String type = string(graph, "type", "network.graph", true);
        if (type == null) return null;
        if (type.equals("1_gbit_switch")) return null;
        if (!type.equals("gml")) {
            problem("network.graph.type must be gml or 1_gbit_switch, was '" + type + "'");
            return null;
        }
        if (graph.containsKey("inline")) {
            problem("network.graph.inline: this checker reads graph files only");
            return null;
        }
        Map<String, Object> file = requiredMap(graph, "file", "network.graph.");
        if (file == null) return null;
        unknownKeys(file, GRAPH_FILE, "network.graph.file");
        String path = string(file, "path", "network.graph.file", true);
        Object compression = file.get("compression");
        if (compression != null) {
            problem("network.graph.file.compression: this checker reads uncompressed graphs only, was '" + compression + "'");
            return null;
        }
        if (path == null) return null;
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
        graph(g, path, shortest == null || shortest);
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

    private void experimental(Map<String, Object> e) {
        unknownKeys(e, EXPERIMENTAL, "experimental");
        oneOf(e, "interface_qdisc", "experimental", Set.of("fifo", "round-robin"));
        oneOf(e, "scheduler", "experimental", Set.of("thread-per-core", "thread-per-host"));
        oneOf(e, "strace_logging_mode", "experimental", Set.of("off", "standard", "deterministic"));
        for (String k : BOOLEAN_EXPERIMENTAL) bool(e, k, "experimental");
        for (String k : TIME_EXPERIMENTAL) {
            if (e.containsKey(k) && e.get(k) != null) time(e, k, "experimental", false);
        }
        bytes(e, "socket_send_buffer", "experimental");
        bytes(e, "socket_recv_buffer", "experimental");
    }

    private void hostOptions(Map<String, Object> o, String where) {
        unknownKeys(o, HOST_OPTIONS, where);
        oneOf(o, "log_level", where, LOG_LEVELS);
        bool(o, "pcap_enabled", where);
        bytes(o, "pcap_capture_size", where);
    }

    private void host(String name, Object value, GmlGraph graph, Set<String> ips, Long stopNanos) {
        String where = "hosts." + name;
        String nameProblem = HostNames.problemWith(name);
        if (nameProblem != null) problem("host name '" + name + "' " + nameProblem);
        if (!(value instanceof Map<?, ?>)) {
            problem(where + " must be a map");
            return;
        }
        Map<String, Object> h = cast(value);
        unknownKeys(h, HOST, where);
        Long node = integer(h, "network_node_id", where, 0, 0xffff_ffffL);
        if (node == null && !h.containsKey("network_node_id")) problem(where + ".network_node_id is required");
        if (node != null && graph != null) {
            GmlGraph.Node gn = graph.node(node);
            if (gn == null) {
                problem(where + ".network_node_id " + node + " is not a node of the graph");
            } else if (gn.upBps() == 0 || gn.downBps() == 0) {
                problem(where + ": graph node " + node + " lacks host_bandwidth_up/down");
            }
        }
        for (String k : List.of("bandwidth_up", "bandwidth_down")) {
            if (h.containsKey(k)) {
                problem(where + "." + k + ": Shadow 3.3.0 ignores bandwidth_up and applies bandwidth_down both ways;"
                        + " put the rates on the GML node");
            }
        }
        String ip = string(h, "ip_addr", where, false);
        if (ip != null) {
            int[] o = ipv4(ip);
            if (o == null) problem(where + ".ip_addr '" + ip + "' is not a dotted-quad IPv4 address");
            else if (o[0] == 0 || o[0] == 127 || (o[0] >= 224 && o[0] <= 239) || ip.equals("255.255.255.255")) {
                problem(where + ".ip_addr '" + ip + "' is unspecified, loopback, multicast or broadcast");
            } else if (!ips.add(ip)) problem(where + ".ip_addr '" + ip + "' is used by another host");
        }
        Map<String, Object> options = optionalMap(h, "host_options", where + ".");
        if (options != null) hostOptions(options, where + ".host_options");
        Object processes = h.get("processes");
        if (!(processes instanceof List<?> list) || list.isEmpty()) {
            problem(where + ".processes is required and must be a non-empty list");
            return;
        }
        for (int i = 0; i < list.size(); i++) process(list.get(i), where + ".processes[" + i + "]", stopNanos);
    }

    private void process(Object value, String where, Long stopNanos) {
        if (!(value instanceof Map<?, ?>)) {
            problem(where + " must be a map");
            return;
        }
        Map<String, Object> p = cast(value);
        unknownKeys(p, PROCESS, where);
        string(p, "path", where, true);
        Object args = p.get("args");
        if (args instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                if (!(l.get(i) instanceof String)) problem(where + ".args[" + i + "] must be a string (quote it), was " + l.get(i));
            }
        } else if (args != null && !(args instanceof String)) {
            problem(where + ".args must be a string or a list of strings");
        }
        Object env = p.get("environment");
        if (env instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getValue() instanceof String)) problem(where + ".environment." + e.getKey() + " must be a string (quote it)");
            }
        } else if (env != null) {
            problem(where + ".environment must be a map of strings");
        }
        Long start = time(p, "start_time", where, false);
        Long shutdown = p.get("shutdown_time") == null ? null : time(p, "shutdown_time", where, false);
        long s = start == null ? 0 : start;
        if (stopNanos != null && s >= stopNanos) problem(where + ".start_time must be before general.stop_time");
        if (shutdown != null && (shutdown <= s || (stopNanos != null && shutdown >= stopNanos))) {
            problem(where + ".shutdown_time must be after start_time and before general.stop_time");
        }
        Object signal = p.get("shutdown_signal");
        if (signal != null && !signalOk(signal)) problem(where + ".shutdown_signal '" + signal + "' is not SIGNAME or a number below 32");
        finalState(p.get("expected_final_state"), where + ".expected_final_state");
    }

    private void finalState(Object v, String where) {
        if (v == null || "running".equals(v)) return;
        if (!(v instanceof Map<?, ?> m) || m.size() != 1) {
            problem(where + " must be {exited: N}, {signaled: SIGNAL} or running");
            return;
        }
        Map.Entry<?, ?> e = m.entrySet().iterator().next();
        if ("exited".equals(e.getKey())) {
            if (!(e.getValue() instanceof Long code) || code < 0 || code > 255) problem(where + ".exited must be an integer 0..255");
        } else if ("signaled".equals(e.getKey())) {
            if (!signalOk(e.getValue())) problem(where + ".signaled '" + e.getValue() + "' is not SIGNAME or a number below 32");
        } else {
            problem(where + ": unknown state '" + e.getKey() + "'");
        }
    }

    private static boolean signalOk(Object s) {
        if (s instanceof Long n) return n > 0 && n < 32;
        return s instanceof String name && name.matches("SIG[A-Z0-9]+");
    }

    // Typed field readers: each reports a problem and returns null when the value is absent or wrong.

    private Long time(Map<String, Object> m, String key, String where, boolean required) {
        Object v = m.get(key);
        if (v == null) {
            if (required) problem(where + "." + key + " is required");
            return null;
        }
        if (v instanceof Long l) {
            if (l >= 0) return l * 1_000_000_000L; // a bare integer is seconds
            problem(where + "." + key + " must not be negative, was " + l);
            return null;
        }
        if (!(v instanceof String s)) {
            problem(where + "." + key + " must be a time such as \"100 ms\", was " + v);
            return null;
        }
        try {
            return ShadowQuantity.parseTimeNanos(s);
        } catch (IllegalArgumentException | ArithmeticException e) {
            problem(where + "." + key + ": " + e.getMessage());
            return null;
        }
    }

    private void bytes(Map<String, Object> m, String key, String where) {
        Object v = m.get(key);
        if (v == null || v instanceof Long) return;
        try {
            ShadowQuantity.parseBytes(String.valueOf(v));
        } catch (IllegalArgumentException | ArithmeticException e) {
            problem(where + "." + key + ": " + e.getMessage());
        }
    }

    private Long integer(Map<String, Object> m, String key, String where, long min, long max) {
        Object v = m.get(key);
        if (v == null) return null;
        if (!(v instanceof Long l) || l < min || l > max) {
            problem(where + "." + key + " must be an integer in " + min + ".." + max + ", was " + v);
            return null;
        }
        return l;
    }

    private Boolean bool(Map<String, Object> m, String key, String where) {
        Object v = m.get(key);
        if (v == null) return null;
        if (!(v instanceof Boolean b)) {
            problem(where + "." + key + " must be true or false, was " + v);
            return null;
        }
        return b;
    }

    private String string(Map<String, Object> m, String key, String where, boolean required) {
        Object v = m.get(key);
        if (v == null) {
            if (required) problem(where + "." + key + " is required");
            return null;
        }
        if (!(v instanceof String s)) {
            problem(where + "." + key + " must be a string (quote it), was " + v);
            return null;
        }
        return s;
    }

    private void oneOf(Map<String, Object> m, String key, String where, Set<String> allowed) {
        String s = string(m, key, where, false);
        if (s != null && !allowed.contains(s)) problem(where + "." + key + " must be one of " + allowed + ", was '" + s + "'");
    }

    private Map<String, Object> requiredMap(Map<String, Object> m, String key, String where) {
        if (!m.containsKey(key)) {
            problem(where + key + " is required");
            return null;
        }
        return optionalMap(m, key, where);
    }

    private Map<String, Object> optionalMap(Map<String, Object> m, String key, String where) {
        Object v = m.get(key);
        if (v == null) return null;
        if (!(v instanceof Map<?, ?>)) {
            problem(where + key + " must be a map");
            return null;
        }
        return cast(v);
    }

    private void unknownKeys(Map<String, Object> m, Set<String> known, String where) {
        for (String k : m.keySet()) {
            if (!known.contains(k)) problem(where + ": unknown key '" + k + "' (Shadow rejects unknown fields)");
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

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object m) {
        return (Map<String, Object>) m;
    }
}
