package io.gsnode.node.cell;

import io.gsnode.node.topology.Topology;
import java.nio.file.Path;
import java.util.List;

/**
 * How to run a cell (any backend). Instants are offsets from the cell's epoch, which the runner sets once
 * every node listens; {@code startupMs} bounds how long that may take.
 *
 * @param quicArgs the QUIC flags to hand every node (see {@code QuicOptions#asArgs})
 * @param killIndex a node to SIGKILL {@code killAfterMs} after the publish instant (fault
 *     injection: the others must complete and the cell must count it), or null
 */
public record CellOptions(
        Path topology, String arm, int payloadBytes, String transport, List<String> quicArgs, String quicEngine,
        Path java, List<String> jvmFlags, String classpath,
        long dialAt, long subscribeAt, long publishAt, long hold, long startupMs, long graceMs,
        List<String> gossipParams, Integer killIndex, long killAfterMs) {

    /**
     * JVM flags for one node of many on one host. Serial GC: one GC thread and the smallest
     * footprint, where a node's heap is mostly short-lived message buffers; the heap cap bounds
     * what hundreds of nodes can take together. C1 only ({@code TieredStopAtLevel=1}): a node
     * lives for one cell, and C2's compilations during the delivery cost more CPU than its faster
     * code saves. Measured side by side on the 2-core host, 10-node netns cells at 1 MiB, three
     * runs each: atuned_32k 1,250-1,455 ms CPU per node with C2 against 785-810 ms with C1 (p50
     * 5.2-6.2 s against 3.2-3.4 s; with C2 two of three runs left a receiver short), wholend
     * 875-960 ms against 655-705 ms; atuned_32k over QUIC (Kwik), two runs, 1,945-1,990 ms with
     * C2 (3 and 5 of 9 receivers completed) against 1,310-1,470 ms (9 of 9).
     */
    public static final List<String> NODE_JVM_FLAGS = List.of("-XX:+UseSerialGC", "-Xms16m", "-Xmx512m",
            "-XX:TieredStopAtLevel=1", "-Xss512k", "-XX:+IgnoreUnrecognizedVMOptions", "-Xshare:auto");

    /** The cell label of arms.md §12.3: {@code <arm>_<seed>_<transport>_<payload>_n<N>_<scenario>}. */
    public String label(Topology t, int run) {
        return label(arm, transport, payloadBytes, t, run);
    }

    /** The same label for any backend (the Shadow generator names its cells with it too). */
    public static String label(String arm, String transport, int payloadBytes, Topology t, int run) {
        return arm + "_" + t.seed() + "_" + transport + "_" + payloadBytes + "_n" + t.n() + "_" + t.scenario()
                + (run > 0 ? "_r" + run : "");
    }
}
