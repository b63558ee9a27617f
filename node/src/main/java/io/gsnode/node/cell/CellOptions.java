package io.gsnode.node.cell;

import io.gsnode.formats.topology.Topology;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How to run a cell on the local or netns backend. Instants are offsets from the cell's epoch, which
 * the runner sets once every node listens; {@code startupMs} bounds how long that may take.
 *
 * @param workload what every node runs; the go peer takes the arm, payload, transport and gossip
 *     overrides (it runs cold cells only, with its own QUIC)
 * @param instants the cell's instants; only the offsets count
 * @param jvmFlags the node JVM's flags ({@code NodeJvm#flags} unless a user chose others)
 * @param killIndex a node to SIGKILL {@code killAfterMs} after the publish instant (fault
 *     injection: the others must complete and the cell must count it), or null
 * @param jitWarmup whether each node runs its JIT warm-up before the publish instant ({@code gsnode run --jit-warmup})
 * @param impls which implementation runs each node; the JVM settings go to gsnode's nodes only
 */
public record CellOptions(Path topology, Workload workload, Schedule instants, Path java, List<String> jvmFlags, String classpath,
                          long startupMs, long graceMs, Integer killIndex, long killAfterMs, boolean jitWarmup, NodeImpls impls) {

    public CellOptions {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(instants, "instants");
        jvmFlags = List.copyOf(jvmFlags);
        Objects.requireNonNull(impls, "impls");
        if (workload.condition().any() && impls.kind() != NodeImpls.Kind.java) {
            throw new IllegalArgumentException("--warmup and --background are gsnode's: the go peer runs cold cells only");
        }
    }

    /** The cell label of docs/arms.md §12.3, as every backend writes it ({@link Workload#cellLabel}). */
    public String label(Topology t, int run) {
        return workload.cellLabel(t, run);
    }
}
