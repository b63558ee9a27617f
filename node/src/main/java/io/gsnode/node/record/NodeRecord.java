package io.gsnode.node.record;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.node.topology.Topology;
import io.gsnode.segmentation.codec.WireForm;
import java.util.List;
import java.util.Map;

/**
 * One node's outcome in one cell: {@code gsnode.node/1} (docs/records.md §1), written as one JSON line
 * with snake_case keys. Byte counters a transport cannot see are null, never 0.
 *
 * @param impl the implementation the node ran: {@code java} (gsnode) or {@code go} (the interop
 *     go peer's {@code run} mode); records without the field are gsnode's, so it reads as java
 * @param status {@code complete} when the node ran to the end of the hold, {@code terminated} when
 *     a signal cut it short (the record is still written), {@code lost} when the runner wrote it
 *     for a node that died without one
 * @param completionMs milliseconds from the publish instant to completion; null when not completed
 * @param rssMaxBytes peak resident set of the process (VmHWM)
 * @param pssBytes proportional set size at the end of the hold: pages shared with other processes
 *     (the JDK, the class-data cache) counted in proportion, so a host's nodes add up to its memory
 * @param threads the process's OS threads at the end of the hold
 * @param jitWarmup what the JIT warm-up did before the publish; null when it was off
 */
public record NodeRecord(
        String schema,
        // identity of the cell
        String cell, String backend, String arm, String alias, String transport, String quicEngine, String impl,
        String queue, String delay, long seed, int n, int payloadBytes, String scenario, int run,
        // identity of the node
        int index, String peerId, String role,
        // outcome
        String status, boolean completed, Double completionMs, WireForm wireForm,
        Bytes bytes, Msgs msgs, Mesh mesh, Connections connections, Long cpuMs, Long rssMaxBytes, Long pssBytes, Integer threads,
        JitWarmup jitWarmup, Times times,
        List<Snapshot> snapshots, Map<String, Object> extras, Map<String, Object> config) {

    public static final String SCHEMA = "gsnode.node/1";
    /** gsnode's own node. */
    public static final String JAVA = "java";

    public NodeRecord {
        if (impl == null) impl = JAVA;
    }

    /**
     * {@code rx}/{@code tx}: socket bytes, all overhead included (null when the transport cannot
     * count them); the rest: gossipsub bytes by RPC part, protobuf framing included.
     */
    public record Bytes(Long rx, Long tx, long rxData, long txData, long rxControl, long txControl,
                        long rxPartial, long txPartial) {}

    public record Msgs(long received, long duplicates, long ihaveSent, long ihaveReceived, long iwantSent,
                       long iwantReceived, long idontwantSent, long idontwantReceived, long graftSent,
                       long graftReceived, long pruneSent, long pruneReceived, long queueDrops, long rejected,
                       long malformed) {}

    public record Mesh(int atPublish, int peersAtPublish, int atEnd) {}

    /**
     * The host's connections over the node's life: {@code accepted} (registered, duplicates not
     * counted), {@code identifyBound} (of those, bound to their peer by identify only: inbound
     * Kwik connections, whose dialer TLS did not authenticate), and {@code refused}: connections,
     * inbound or dialed, refused or failed, by the layer where it happened (multistream, security,
     * muxer, limit, transport), each listed, 0 included (docs/records.md §1.1).
     */
    public record Connections(long accepted, long identifyBound, Map<String, Long> refused) {}

    /**
     * The JIT warm-up: rounds completed, whether the publish instant stopped it, its wall time and
     * the process CPU spent while it ran (the node's dials included, which run beside it).
     */
    public record JitWarmup(int rounds, boolean stopped, long ms, Long cpuMs) {}

    /** Epoch milliseconds of the process start, the publish instant and the end of the hold. */
    public record Times(long startMs, long publishMs, long endMs) {}

    /** Counters every 100 ms from the publish; {@code tMs} since the publish instant. */
    public record Snapshot(long tMs, Long rx, Long tx, long rxData, long txData, long distinct, long duplicates) {}

    /**
     * The record a runner writes for node {@code index} of {@code topology} when the node left none
     * (it died, or the run was stopped before it wrote one): it stays in the cell, as not completed.
     * The peer id is the one every node derives for that index.
     */
    public static NodeRecord lost(String cell, String backend, String arm, String transport, String quicEngine, String impl,
                                  String queue, String delay, Topology topology, int payloadBytes, int run, int index) {
        return new NodeRecord(SCHEMA, cell, backend, arm, arm, transport, quicEngine, impl, queue, delay, topology.seed(),
                topology.n(), payloadBytes, topology.scenario().toString(), run, index,
                PeerId.fromPubKey(Ed25519.fromIndex(index).publicKey()).toString(),
                index == topology.publisher() ? "publisher" : "receiver", "lost", false, null, null, null, null, null,
                null, null, null, null, null, null, null, List.of(), Map.of(), Map.of());
    }

    public boolean receiver() {
        return "receiver".equals(role);
    }
}
