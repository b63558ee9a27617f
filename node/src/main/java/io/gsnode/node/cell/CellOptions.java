package io.gsnode.node.cell;

import io.gsnode.node.record.NodeRecord;
import io.gsnode.node.run.Transport;
import io.gsnode.node.topology.Topology;
import java.nio.file.Path;
import java.util.List;

/**
 * How to run a cell (any backend). Instants are offsets from the cell's epoch, which the runner sets once
 * every node listens; {@code startupMs} bounds how long that may take.
 *
 * @param jvmFlags the node JVM's flags ({@code NodeJvm#flags} unless a user chose others)
 * @param quicArgs the QUIC flags to hand every node (see {@code QuicOptions#asArgs})
 * @param killIndex a node to SIGKILL {@code killAfterMs} after the publish instant (fault
 *     injection: the others must complete and the cell must count it), or null
 * @param jitWarmup whether each node runs its JIT warm-up before the publish instant ({@code gsnode run --jit-warmup})
 * @param impls which implementation runs each node; the JVM settings and the QUIC flags go to gsnode's nodes only
 * @param javaNodeArgs further {@code gsnode run} flags for gsnode's nodes: the condition's (warm-up, background;
 *     see {@code ConditionOptions#asArgs}, the go peer runs cold cells only) and {@code --epoll}
 */
public record CellOptions(
        Path topology, String arm, int payloadBytes, Transport transport, List<String> quicArgs, String quicEngine,
        Path java, List<String> jvmFlags, String classpath,
        long dialAt, long subscribeAt, long publishAt, long hold, long startupMs, long graceMs,
        List<String> gossipParams, Integer killIndex, long killAfterMs, boolean jitWarmup, NodeImpls impls,
        List<String> javaNodeArgs) {

    public CellOptions {
        javaNodeArgs = List.copyOf(javaNodeArgs);
    }

    /** A cold cell. */
    public CellOptions(Path topology, String arm, int payloadBytes, Transport transport, List<String> quicArgs, String quicEngine,
                       Path java, List<String> jvmFlags, String classpath,
                       long dialAt, long subscribeAt, long publishAt, long hold, long startupMs, long graceMs,
                       List<String> gossipParams, Integer killIndex, long killAfterMs, boolean jitWarmup, NodeImpls impls) {
        this(topology, arm, payloadBytes, transport, quicArgs, quicEngine, java, jvmFlags, classpath, dialAt, subscribeAt, publishAt,
                hold, startupMs, graceMs, gossipParams, killIndex, killAfterMs, jitWarmup, impls, List.of());
    }

    /** A cold cell of gsnode nodes only. */
    public CellOptions(Path topology, String arm, int payloadBytes, Transport transport, List<String> quicArgs, String quicEngine,
                       Path java, List<String> jvmFlags, String classpath,
                       long dialAt, long subscribeAt, long publishAt, long hold, long startupMs, long graceMs,
                       List<String> gossipParams, Integer killIndex, long killAfterMs, boolean jitWarmup) {
        this(topology, arm, payloadBytes, transport, quicArgs, quicEngine, java, jvmFlags, classpath, dialAt, subscribeAt, publishAt,
                hold, startupMs, graceMs, gossipParams, killIndex, killAfterMs, jitWarmup, NodeImpls.JAVA);
    }

    /**
     * The cell label of docs/arms.md §12.3: {@code <arm>_<seed>_<transport>_<payload>_n<N>_<scenario>},
     * with the condition after it when the cell is not cold (docs/records.md §3.2).
     */
    public String label(Topology t, int run) {
        return label(arm, transport, payloadBytes, t, run) + conditionSuffix(javaNodeArgs);
    }

    /** {@code _warm}, {@code _background} or {@code _warm+background} for a cell given these node flags; empty when cold. */
    public static String conditionSuffix(List<String> nodeArgs) {
        String condition = NodeRecord.condition(nodeArgs.contains("--warmup"), nodeArgs.contains("--background"));
        return NodeRecord.COLD.equals(condition) ? "" : "_" + condition;
    }

    /** The same label for any backend (the Shadow generator names its cells with it too). */
    public static String label(String arm, Transport transport, int payloadBytes, Topology t, int run) {
        return arm + "_" + t.seed() + "_" + transport + "_" + payloadBytes + "_n" + t.n() + "_" + t.scenario()
                + (run > 0 ? "_r" + run : "");
    }
}
