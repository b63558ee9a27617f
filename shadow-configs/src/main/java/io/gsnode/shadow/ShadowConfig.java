package io.gsnode.shadow;

import io.gsnode.node.cell.CellOptions;
import io.gsnode.node.run.RunCommand;
import io.gsnode.node.topology.Topology;
import io.gsnode.node.topology.TopologyNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the tree of {@code shadow.yaml} (<a href="https://shadow.github.io/docs/guide/shadow_config_spec.html">Shadow's
 * config spec</a>) for a cell: one host per node, named
 * {@code node<i>}, on GML node i, at the topology's IP, running {@code java ... gsnode run --shadow}
 * with instants counted from the start of simulated time.
 *
 * <p>Paths: the config names the java executable and the jar as the user gave them and nothing
 * else absolute. The graph and the topology copy sit beside {@code shadow.yaml}, and Shadow is run
 * from that directory ({@code cd OUT && shadow shadow.yaml}); each node's working directory is
 * {@code shadow.data/hosts/<host>/}, three levels down, so it reads
 * {@code ../../../topology.json} and writes {@code record.json} where it runs.
 */
public final class ShadowConfig {

    /**
     * Every clock under Shadow starts at 2000-01-01T00:00:00Z, so the schedule's
     * epoch is simulated time 0 and each instant lands at the same simulated time on every host.
     */
    public static final long SIMULATION_EPOCH_MS = 946_684_800_000L;

    /** Shadow's data directory, relative to where it runs; it must not exist before a run. */
    public static final String DATA_DIRECTORY = "shadow.data";

    /** The files the generator writes beside {@code shadow.yaml}. */
    public static final String CONFIG_FILE = "shadow.yaml";
    public static final String GRAPH_FILE = "shadow.gml";
    public static final String TOPOLOGY_FILE = "topology.json";

    /** Each node's working directory is {@code DATA_DIRECTORY/hosts/<host>/}: back up to the config's. */
    static final String FROM_HOST_DIR = "../../../";

    /** The record each node writes, in its own host directory. */
    public static final String RECORD_FILE = "record.json";

    /** Shadow's default and lower bound on the round length (its runahead). */
    static final long DEFAULT_RUNAHEAD_MICROS = 1000;

    /** Version of the {@code x-gsnode} block, which Shadow ignores and tools read. */
    public static final String SCHEMA = "gsnode.shadow/1";

    private ShadowConfig() {
    }

    /**
     * The runahead: Shadow's 1 ms default, or the smallest latency of the graph when that is
     * smaller, so that no path is silently lengthened to the round (docs/shadow.md).
     */
    static long runaheadMicros(GmlGraphWriter.Stats graph) {
        return Math.min(DEFAULT_RUNAHEAD_MICROS, graph.minLatencyMicros());
    }

    /** The whole config tree. */
    public static Map<String, Object> tree(ShadowCell cell, Topology topology, GmlGraphWriter.Stats graph) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("x-gsnode", provenance(cell, topology, graph));
        root.put("general", general(cell));
        root.put("network", network(cell));
        root.put("experimental", experimental(cell, graph));
        Map<String, Object> hosts = new LinkedHashMap<>();
        String label = CellOptions.label(cell.arm(), cell.transport(), cell.payloadBytes(), topology, cell.run());
        for (TopologyNode node : topology.nodes()) hosts.put(HostNames.of(node.index()), host(cell, node, label));
        root.put("hosts", hosts);
        return root;
    }

    /** Top-level {@code x-} keys are deleted by Shadow before parsing: ours, for tools. */
    private static Map<String, Object> provenance(ShadowCell cell, Topology topology, GmlGraphWriter.Stats graph) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("schema", SCHEMA);
        x.put("topology", TOPOLOGY_FILE);
        x.put("n", topology.n());
        x.put("topology_seed", topology.seed());
        x.put("scenario", topology.scenario().name());
        x.put("arm", cell.arm());
        x.put("payload_bytes", cell.payloadBytes());
        x.put("transport", cell.transport());
        if (cell.quicTransport()) x.put("quic_engine", cell.quic().engine());
        x.put("qdisc", cell.qdisc().shadowName());
        x.put("graph", cell.graph().wireName());
        x.put("graph_edges", graph.edges());
        x.put("latency_min_us", graph.minLatencyMicros());
        x.put("latency_max_us", graph.maxLatencyMicros());
        x.put("epoch_ms", SIMULATION_EPOCH_MS);
        x.put("dial_at_ms", cell.schedule().dialAt().toMillis());
        x.put("subscribe_at_ms", cell.schedule().subscribeAt().toMillis());
        x.put("publish_at_ms", cell.schedule().publishAt().toMillis());
        x.put("hold_ms", cell.schedule().hold().toMillis());
        x.put("record", DATA_DIRECTORY + "/hosts/<host>/" + RECORD_FILE);
        return x;
    }

    private static Map<String, Object> general(ShadowCell cell) {
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("stop_time", ShadowQuantity.millis(cell.stopTimeMs()));
        g.put("seed", cell.seed());
        g.put("parallelism", cell.parallelism());
        g.put("data_directory", DATA_DIRECTORY);
        g.put("heartbeat_interval", ShadowQuantity.millis(60_000));
        g.put("model_unblocked_syscall_latency", cell.modelUnblockedSyscallLatency());
        return g;
    }

    private static Map<String, Object> network(ShadowCell cell) {
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("path", GRAPH_FILE);
        Map<String, Object> graph = new LinkedHashMap<>();
        graph.put("type", "gml");
        graph.put("file", file);
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("graph", graph);
        // Complete graph: every pair its own edge, never a detour through another node.
        n.put("use_shortest_path", cell.graph() == GraphKind.EDGES);
        return n;
    }

    private static Map<String, Object> experimental(ShadowCell cell, GmlGraphWriter.Stats graph) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("interface_qdisc", cell.qdisc().shadowName());
        e.put("runahead", ShadowQuantity.micros(runaheadMicros(graph)));
        e.put("socket_send_buffer", ShadowQuantity.bytes(cell.socketSendBuffer()));
        e.put("socket_recv_buffer", ShadowQuantity.bytes(cell.socketRecvBuffer()));
        e.put("socket_send_autotune", cell.sendAutotune());
        e.put("socket_recv_autotune", cell.recvAutotune());
        // Shadow's memory manager remaps /proc/self, which HotSpot parses.
        e.put("use_memory_manager", false);
        return e;
    }

    private static Map<String, Object> host(ShadowCell cell, TopologyNode node, String label) {
        Map<String, Object> process = new LinkedHashMap<>();
        process.put("path", cell.java());
        process.put("args", nodeArgs(cell, node.index(), label));
        process.put("environment", Map.of("MALLOC_ARENA_MAX", ShadowJvmFlags.MALLOC_ARENA_MAX));
        process.put("start_time", ShadowQuantity.millis(cell.startAtMs()));
        // The daemon writes its record and exits 0 at the end of the hold.
        process.put("expected_final_state", Map.of("exited", 0));
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("network_node_id", node.index());
        host.put("ip_addr", node.ip());
        // No bandwidth_up/down here: Shadow 3.3.0 mishandles them; the GML node carries the rates.
        host.put("processes", List.of(process));
        return host;
    }

    /** The java command line of node {@code index}, after the executable. */
    static List<String> nodeArgs(ShadowCell cell, int index, String label) {
        List<String> a = new ArrayList<>(cell.jvmFlags());
        a.addAll(List.of("-cp", cell.jar(), RunCommand.class.getName(), "--shadow",
                "--topology", FROM_HOST_DIR + TOPOLOGY_FILE, "--index", Integer.toString(index),
                "--arm", cell.arm(), "--payload", Integer.toString(cell.payloadBytes()), "--transport", cell.transport()));
        if (cell.quicTransport()) a.addAll(cell.quicArgs());
        a.addAll(List.of("--epoch-ms", Long.toString(SIMULATION_EPOCH_MS),
                "--dial-at", Long.toString(cell.schedule().dialAt().toMillis()),
                "--subscribe-at", Long.toString(cell.schedule().subscribeAt().toMillis()),
                "--publish-at", Long.toString(cell.schedule().publishAt().toMillis()),
                "--hold", Long.toString(cell.schedule().hold().toMillis()),
                "--dial-timeout", Long.toString(cell.dialTimeoutMs()), "--dial-slots", Integer.toString(cell.dialSlots()),
                "--port", Integer.toString(cell.port()), "--record", RECORD_FILE,
                "--cell", label, "--backend", "shadow", "--queue", cell.qdisc().recordName(), "--delay", "shadow",
                "--run", Integer.toString(cell.run())));
        // Simulated time does not see CPU, so JIT compilations cannot land in the delivery window:
        // the warm-up would only cost wall time, on every host.
        a.add("--no-jit-warmup");
        for (String g : cell.gossipParams()) a.addAll(List.of("--gossip", g));
        return a;
    }
}
