package io.gsnode.shadow;

import io.gsnode.formats.topology.Topology;
import io.gsnode.node.cell.NodeImpls;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Schedule;
import io.gsnode.transport.quic.QuicConfig;
import java.util.List;
import java.util.Objects;

/**
 * Everything {@code gsnode shadow} was told about one cell, validated in the constructor so that a
 * bad value fails before any file is written, with the option, its value and the allowed range.
 *
 * @param workload what every node runs; go hosts take the arm, payload, transport and gossip
 *     overrides, and run cold cells only with their own QUIC
 * @param qdisc Shadow's uplink queueing discipline
 * @param graph complete graph or dial graph only
 * @param schedule the node instants; its epoch is {@link ShadowConfig#SIMULATION_EPOCH_MS}
 * @param startAtMs simulated time at which every node's JVM starts; before the dial instant
 * @param stopTimeMs Shadow's {@code general.stop_time}; at least {@link #SHUTDOWN_MARGIN_MS} past the hold
 * @param parallelism Shadow worker threads; 0 lets Shadow use the physical cores
 * @param seed Shadow's {@code general.seed} (every host's RNG derives from it and its name)
 * @param socketSendBuffer Shadow's initial socket send buffer, bytes
 * @param socketRecvBuffer Shadow's initial socket receive buffer, bytes
 * @param sendAutotune whether Shadow autotunes TCP send buffers
 * @param recvAutotune whether Shadow autotunes TCP receive buffers
 * @param modelUnblockedSyscallLatency Shadow's busy-loop mitigation (docs/shadow.md)
 * @param java the java executable each host runs, as the user gave it
 * @param jar the gsnode jar, as the user gave it
 * @param jvmFlags the JVM flags of every node
 * @param dialTimeoutMs per-edge dial timeout, passed to {@code gsnode run}
 * @param dialSlots handshakes in flight per node, passed to {@code gsnode run}
 * @param port the port every node listens on
 * @param run repetition number, for the records
 * @param impls which implementation each host runs: gsnode's JVM, or the interop go peer's
 *     {@code run} mode (its binary from {@code impls}); null means gsnode everywhere
 */
public record ShadowCell(Workload workload, Qdisc qdisc, GraphKind graph, Schedule schedule, long startAtMs, long stopTimeMs,
                         int parallelism, long seed, long socketSendBuffer, long socketRecvBuffer, boolean sendAutotune,
                         boolean recvAutotune, boolean modelUnblockedSyscallLatency, String java, String jar, List<String> jvmFlags,
                         long dialTimeoutMs, int dialSlots, int port, int run, NodeImpls impls) {

    /**
     * How long after the end of the hold a node may take to close its connections and exit: the
     * daemon bounds its host's close at 5 s and Netty's shutdown at 2 s (NodeDaemon, transports).
     */
    public static final long SHUTDOWN_MARGIN_MS = 10_000;

    /** Shadow's own initial socket buffers, bytes: ours unless a user sets others. */
    public static final long DEFAULT_SOCKET_SEND_BUFFER = 131_072;
    public static final long DEFAULT_SOCKET_RECV_BUFFER = 174_760;

    /** Per-edge dial timeout, handshakes in flight per node, and the port every node listens on. */
    public static final long DEFAULT_DIAL_TIMEOUT_MS = 30_000;
    public static final int DEFAULT_DIAL_SLOTS = 16;
    public static final int DEFAULT_PORT = 9000;

    /**
     * Simulated time between the JVMs' start and the cell's T0 when {@code gsnode cell} runs under
     * Shadow: every host listens well before the first dial (start-up costs a JVM some tens of
     * simulated milliseconds of modelled syscalls).
     */
    public static final long HOST_START_ALLOWANCE_MS = 1000;

    /** Shadow: socket buffers below these are raised anyway (to 4096/2048 after doubling). */
    static final long MIN_SOCKET_BUFFER = 4096;

    /** Shadow: at most 256 MiB per socket buffer. */
    static final long MAX_SOCKET_BUFFER = 256L << 20;

    public ShadowCell {
        Objects.requireNonNull(workload, "workload");
        if (workload.transport() instanceof TransportChoice.Tcp t && t.epoll()) {
            throw new IllegalArgumentException("--epoll is not for Shadow: Shadow runs Netty on NIO only");
        }
        Objects.requireNonNull(qdisc, "qdisc");
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(schedule, "schedule");
        if (startAtMs < 0 || startAtMs > schedule.dialAt().toMillis()) {
            throw new IllegalArgumentException("--start-at must be in 0.." + schedule.dialAt().toMillis()
                    + " ms (the dial instant): a node must listen before its peers dial it, was " + startAtMs);
        }
        long end = schedule.publishAt().toMillis() + schedule.hold().toMillis();
        if (stopTimeMs < end + SHUTDOWN_MARGIN_MS) {
            throw new IllegalArgumentException("--stop-time must be at least the end of the hold (" + end + " ms) + "
                    + SHUTDOWN_MARGIN_MS + " ms for the nodes to exit, so at least " + (end + SHUTDOWN_MARGIN_MS)
                    + " ms; was " + stopTimeMs);
        }
        if (parallelism < 0) throw new IllegalArgumentException("--parallelism must be 0 (Shadow picks) or more, was " + parallelism);
        if (seed < 0 || seed > 0xffff_ffffL) throw new IllegalArgumentException("--shadow-seed must be a u32 (0.." + 0xffff_ffffL + "), was " + seed);
        checkBuffer("--socket-send-buffer", socketSendBuffer);
        checkBuffer("--socket-recv-buffer", socketRecvBuffer);
        if (java == null || java.isBlank()) throw new IllegalArgumentException("--java must name the java executable");
        if (jar == null || jar.isBlank()) throw new IllegalArgumentException("--jar must name the gsnode jar");
        jvmFlags = List.copyOf(jvmFlags);
        for (String f : jvmFlags) {
            if (!f.startsWith("-")) throw new IllegalArgumentException("--jvm-flags: '" + f + "' is not a JVM flag (flags start with '-')");
        }
        if (dialTimeoutMs < 1) throw new IllegalArgumentException("--dial-timeout must be positive, was " + dialTimeoutMs);
        if (dialSlots < 1) throw new IllegalArgumentException("--dial-slots must be at least 1, was " + dialSlots);
        if (port < 1 || port > 65535) throw new IllegalArgumentException("--port must be in 1..65535, was " + port);
        if (run < 0) throw new IllegalArgumentException("--run must not be negative, was " + run);
        if (impls == null) impls = NodeImpls.JAVA;
        if (workload.condition().any() && impls.kind() != NodeImpls.Kind.java) {
            throw new IllegalArgumentException("--warmup and --background are gsnode's: the go peer runs cold cells only");
        }
    }

    private static void checkBuffer(String option, long bytes) {
        if (bytes < MIN_SOCKET_BUFFER || bytes > MAX_SOCKET_BUFFER) {
            throw new IllegalArgumentException(option + " must be in " + MIN_SOCKET_BUFFER + ".." + MAX_SOCKET_BUFFER
                    + " bytes (Shadow's range), was " + bytes);
        }
    }

    /**
     * A cell with the defaults of {@code gsnode shadow} for everything {@code gsnode cell} does not
     * ask: complete graph, JVMs started at simulated 0, stop at the end of the hold plus
     * {@link #SHUTDOWN_MARGIN_MS}, Shadow's parallelism and socket buffers, seed 1, the busy-loop
     * mitigation on.
     */
    public static ShadowCell withDefaults(Workload workload, Qdisc qdisc, Schedule schedule, String java, String jar,
                                          List<String> jvmFlags) {
        long stop = schedule.publishAt().toMillis() + schedule.hold().toMillis() + SHUTDOWN_MARGIN_MS;
        return new ShadowCell(workload, qdisc, GraphKind.COMPLETE, schedule, 0, stop, 0, 1, DEFAULT_SOCKET_SEND_BUFFER,
                DEFAULT_SOCKET_RECV_BUFFER, true, true, true, java, jar, jvmFlags, DEFAULT_DIAL_TIMEOUT_MS, DEFAULT_DIAL_SLOTS,
                DEFAULT_PORT, 0, NodeImpls.JAVA);
    }

    /** The same cell as repetition {@code r}: the records carry it, and the cell label names it past the first. */
    public ShadowCell withRun(int r) {
        return new ShadowCell(workload, qdisc, graph, schedule, startAtMs, stopTimeMs, parallelism, seed, socketSendBuffer,
                socketRecvBuffer, sendAutotune, recvAutotune, modelUnblockedSyscallLatency, java, jar, jvmFlags, dialTimeoutMs,
                dialSlots, port, r, impls);
    }

    /** The same cell with hosts of {@code impls}' implementations (go hosts run the go peer's binary). */
    public ShadowCell withImpls(NodeImpls impls) {
        return new ShadowCell(workload, qdisc, graph, schedule, startAtMs, stopTimeMs, parallelism, seed, socketSendBuffer,
                socketRecvBuffer, sendAutotune, recvAutotune, modelUnblockedSyscallLatency, java, jar, jvmFlags, dialTimeoutMs,
                dialSlots, port, run, impls);
    }

    /** The same cell with Shadow's charge for non-blocking syscalls on or off (docs/shadow.md). */
    public ShadowCell withModelUnblockedSyscallLatency(boolean on) {
        return new ShadowCell(workload, qdisc, graph, schedule, startAtMs, stopTimeMs, parallelism, seed, socketSendBuffer,
                socketRecvBuffer, sendAutotune, recvAutotune, on, java, jar, jvmFlags, dialTimeoutMs, dialSlots, port, run, impls);
    }

    /** The same cell on {@code threads} Shadow worker threads (0: Shadow's own choice, the physical cores). */
    public ShadowCell withParallelism(int threads) {
        if (threads < 0) throw new IllegalArgumentException("--parallelism must not be negative, was " + threads);
        return new ShadowCell(workload, qdisc, graph, schedule, startAtMs, stopTimeMs, threads, seed, socketSendBuffer,
                socketRecvBuffer, sendAutotune, recvAutotune, modelUnblockedSyscallLatency, java, jar, jvmFlags, dialTimeoutMs,
                dialSlots, port, run, impls);
    }

    /** The same cell on another graph, Shadow seed and socket buffers (gsnode shadow's network options). */
    public ShadowCell withNetwork(GraphKind graph, long seed, long socketSendBuffer, long socketRecvBuffer, boolean sendAutotune,
                                  boolean recvAutotune) {
        return new ShadowCell(workload, qdisc, graph, schedule, startAtMs, stopTimeMs, parallelism, seed, socketSendBuffer,
                socketRecvBuffer, sendAutotune, recvAutotune, modelUnblockedSyscallLatency, java, jar, jvmFlags, dialTimeoutMs,
                dialSlots, port, run, impls);
    }

    /** Whether the nodes speak QUIC. */
    public boolean quicTransport() {
        return workload.transport() instanceof TransportChoice.Quic;
    }

    /** The QUIC settings of a QUIC cell. @throws IllegalStateException for a TCP cell */
    public QuicConfig quic() {
        if (workload.transport() instanceof TransportChoice.Quic q) return q.config();
        throw new IllegalStateException("a " + workload.transport().transport() + " cell has no QUIC settings");
    }

    /** The cell label every record carries (docs/arms.md §12.3), as the other backends write it. */
    public String label(Topology topology) {
        return workload.cellLabel(topology, run);
    }
}
