package io.gsnode.node.launch;

import io.gsnode.node.run.PeerAddressing;
import io.gsnode.node.run.Schedule;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One node's launch: everything {@code gsnode run} is told, as {@link NodeCommandLine} writes it and
 * {@link io.gsnode.node.cli.RunCommand#parse} reads it back.
 *
 * @param instants the cell's instants; only its offsets count (the compact constructor sets its epoch
 *     to 0): T0 comes from {@code epoch}
 * @param epoch where T0 comes from; null: the process's start
 * @param record where the node writes its record; null: stdout, last line
 * @param dialTimeoutMs give up on an edge after this long (or at the subscribe instant if later)
 * @param dialSlots handshakes in flight at once
 * @param jitWarmup whether the node warms its JIT up before the publish instant
 * @param shadow whether the node runs as a Shadow host ({@code --shadow})
 * @param ioThreads Netty event-loop threads of the TCP transport
 */
public record NodeLaunch(Path topology, int index, Workload workload, Schedule instants, EpochSource epoch, Path record,
                         RecordLabels labels, int port, long dialTimeoutMs, int dialSlots, PeerAddressing addressing,
                         boolean jitWarmup, boolean shadow, int ioThreads) {

    /** {@code gsnode run}'s defaults for the port, the dialling and the event loops. */
    public static final int DEFAULT_PORT = 9000;
    public static final long DEFAULT_DIAL_TIMEOUT_MS = 30_000;
    public static final int DEFAULT_DIAL_SLOTS = 16;
    public static final int DEFAULT_IO_THREADS = 2;

    public NodeLaunch {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(workload, "workload");
        instants = Objects.requireNonNull(instants, "instants").withEpoch(0);
        Objects.requireNonNull(labels, "labels");
        Objects.requireNonNull(addressing, "addressing");
        if (dialSlots < 1) throw new IllegalArgumentException("--dial-slots must be at least 1, was " + dialSlots);
        if (shadow && workload.transport() instanceof TransportChoice.Tcp t && t.epoll()) {
            throw new IllegalArgumentException("--epoll is not for Shadow hosts: Shadow runs Netty on NIO only");
        }
    }

    /**
     * Node {@code index} of a cell with {@code gsnode run}'s defaults for the rest: T0 at the process's
     * start, the record on stdout, the topology's addresses, JIT warm-up on, not under Shadow.
     */
    public static NodeLaunch of(Path topology, int index, Workload workload, Schedule instants, RecordLabels labels) {
        return new NodeLaunch(topology, index, workload, instants, null, null, labels, DEFAULT_PORT, DEFAULT_DIAL_TIMEOUT_MS,
                DEFAULT_DIAL_SLOTS, PeerAddressing.TOPOLOGY, true, false, DEFAULT_IO_THREADS);
    }
}
