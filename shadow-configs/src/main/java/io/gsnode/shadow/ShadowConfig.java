package io.gsnode.shadow;

import io.gsnode.formats.record.Build;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyNode;
import io.gsnode.node.launch.EpochSource;
import io.gsnode.node.launch.NodeCommandLine;
import io.gsnode.node.launch.NodeLaunch;
import io.gsnode.node.launch.RecordLabels;
import io.gsnode.node.run.PeerAddressing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds {@code shadow.yaml} (<a href="https://shadow.github.io/docs/guide/shadow_config_spec.html">Shadow's
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

    /** The whole config. */
    public static ShadowYaml.Config build(ShadowCell cell, Topology topology, GmlGraphWriter.Stats graph) {
        Map<String, ShadowYaml.Host> hosts = new LinkedHashMap<>();
        String label = cell.label(topology);
        for (TopologyNode node : topology.nodes()) {
            hosts.put(HostNames.of(node.index()), host(cell, node, cell.impls().of(node.index(), topology.publisher()), label));
        }
        return new ShadowYaml.Config(provenance(cell, topology, graph), general(cell), network(cell), experimental(cell, graph),
                null, hosts);
    }

    private static ShadowYaml.Provenance provenance(ShadowCell cell, Topology topology, GmlGraphWriter.Stats graph) {
        return new ShadowYaml.Provenance(SCHEMA, TOPOLOGY_FILE, topology.n(), topology.seed(), topology.scenario().name(),
                cell.workload().armName(), cell.workload().payloadBytes(), cell.workload().transport().transport().toString(),
                cell.quicTransport() ? cell.quic().engine() : null,
                cell.qdisc().shadowName(), cell.graph().wireName(), graph.edges(), graph.minLatencyMicros(),
                graph.maxLatencyMicros(), SIMULATION_EPOCH_MS, cell.schedule().dialAt().toMillis(),
                cell.schedule().subscribeAt().toMillis(), cell.schedule().publishAt().toMillis(), cell.schedule().hold().toMillis(),
                DATA_DIRECTORY + "/hosts/<host>/" + RECORD_FILE, Build.current());
    }

    private static ShadowYaml.General general(ShadowCell cell) {
        return new ShadowYaml.General(ShadowQuantity.Time.ofMillis(cell.stopTimeMs()), cell.seed(), cell.parallelism(), null,
                null, ShadowQuantity.Time.ofMillis(60_000), DATA_DIRECTORY, null, null, cell.modelUnblockedSyscallLatency());
    }

    private static ShadowYaml.Network network(ShadowCell cell) {
        ShadowYaml.Graph graph = new ShadowYaml.Graph(ShadowYaml.GraphType.GML, new ShadowYaml.GraphFile(GRAPH_FILE, null), null);
        // Complete graph: every pair its own edge, never a detour through another node.
        return new ShadowYaml.Network(graph, cell.graph() == GraphKind.EDGES);
    }

    private static ShadowYaml.Experimental experimental(ShadowCell cell, GmlGraphWriter.Stats graph) {
        // Shadow's memory manager remaps /proc/self, which HotSpot parses: off.
        return ShadowYaml.Experimental.of(cell.qdisc(), ShadowQuantity.Time.ofMicros(runaheadMicros(graph)),
                ShadowQuantity.Size.ofBytes(cell.socketSendBuffer()), ShadowQuantity.Size.ofBytes(cell.socketRecvBuffer()),
                cell.sendAutotune(), cell.recvAutotune(), false);
    }

    private static ShadowYaml.Host host(ShadowCell cell, TopologyNode node, String impl, String label) {
        // The daemon writes its record and exits 0 at the end of the hold.
        ShadowYaml.Process process = NodeRecord.JAVA.equals(impl)
                ? new ShadowYaml.Process(cell.java(), nodeArgs(cell, node.index(), label),
                        Map.of("MALLOC_ARENA_MAX", ShadowJvmFlags.MALLOC_ARENA_MAX), ShadowQuantity.Time.ofMillis(cell.startAtMs()),
                        null, null, ShadowYaml.FinalState.exitedWith(0))
                : new ShadowYaml.Process(cell.impls().goPeer().toString(), goNodeArgs(cell, node.index(), label),
                        Map.of(), ShadowQuantity.Time.ofMillis(cell.startAtMs()), null, null, ShadowYaml.FinalState.exitedWith(0));
        // No bandwidth_up/down here: Shadow 3.3.0 mishandles them; the GML node carries the rates.
        return new ShadowYaml.Host((long) node.index(), node.ip(), null, null, null, List.of(process));
    }

    /** The java command line of node {@code index}, after the executable. */
    static List<String> nodeArgs(ShadowCell cell, int index, String label) {
        List<String> a = new ArrayList<>(cell.jvmFlags());
        a.addAll(List.of("-cp", cell.jar(), NodeCommandLine.MAIN_CLASS));
        a.addAll(NodeCommandLine.gsnodeRun(launch(cell, index, label)));
        return a;
    }

    /** The go peer's command line for node {@code index}, after the executable ({@code gopeer run}). */
    static List<String> goNodeArgs(ShadowCell cell, int index, String label) {
        return NodeCommandLine.goPeerRun(launch(cell, index, label));
    }

    /**
     * Node {@code index} as a Shadow host: T0 at the start of simulated time, the topology and the
     * record relative to its host directory. Simulated time does not see CPU, so JIT compilations
     * cannot land in the delivery window: the JIT warm-up would only cost wall time, on every host.
     */
    private static NodeLaunch launch(ShadowCell cell, int index, String label) {
        return new NodeLaunch(Path.of(FROM_HOST_DIR + TOPOLOGY_FILE), index, cell.workload(), cell.schedule(),
                new EpochSource.AtMillis(SIMULATION_EPOCH_MS), Path.of(RECORD_FILE),
                new RecordLabels(label, "shadow", cell.qdisc().recordName(), "shadow", cell.run()), cell.port(), cell.dialTimeoutMs(),
                cell.dialSlots(), PeerAddressing.TOPOLOGY, false, true, NodeLaunch.DEFAULT_IO_THREADS);
    }
}
