package io.gsnode.formats.record;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.wire.WireForm;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import java.util.List;
import java.util.Map;

/**
 * One node's outcome in one cell: {@code gsnode.node/1} (docs/records.md §1), written as one JSON line
 * with snake_case keys. Byte counters a transport cannot see are null, never 0.
 *
 * @param identity the cell's identity, written inline: its keys follow the schema's
 * @param status {@code complete} when the node ran to the end of the hold, {@code terminated} when
 *     a signal cut it short (the record is still written), {@code lost} when the runner wrote it
 *     for a node that died without one
 * @param completionMs milliseconds from the publish instant to completion; null when not completed
 * @param rssMaxBytes peak resident set of the process (VmHWM)
 * @param pssBytes proportional set size at the end of the hold: pages shared with other processes
 *     (the JDK, the class-data cache) counted in proportion, so a host's nodes add up to its memory
 * @param threads the process's OS threads at the end of the hold
 * @param jitWarmup what the JIT warm-up did before the publish; null when it was off
 * @param warmup the warm-up diffusion, apart from the measured payload; null in a cell without one
 * @param background the background load, apart from the measured payload; null in a cell without one
 * @param cwndAtPublish each connection's congestion window at the publish instant; null where not read
 * @param timeline what happened when around the publish; null where the node did not reach the
 *     publish instant, in a {@code lost} record, and in records older than the field
 * @param build the build of the implementation that wrote the record; in a {@code lost} record the
 *     runner's, and null in records older than the field
 */
public record NodeRecord(
        String schema,
        @JsonUnwrapped CellIdentity identity,
        // identity of the node
        int index, String peerId, String role,
        // outcome
        String status, boolean completed, Double completionMs, WireForm wireForm,
        Bytes bytes, Msgs msgs, Mesh mesh, Connections connections, Long cpuMs, Long rssMaxBytes, Long pssBytes, Integer threads,
        JitWarmup jitWarmup, Warmup warmup, Background background, CongestionWindows cwndAtPublish, Times times,
        List<Snapshot> snapshots, Timeline timeline, Map<String, Object> extras, Map<String, Object> config, Build build) {

    public static final String SCHEMA = "gsnode.node/1";
    /** gsnode's own node. */
    public static final String JAVA = "java";
    /** The condition of a cell with nothing but the measured publish, and of records older than the field. */
    public static final String COLD = "cold";
    /** The most entries a timeline's list holds. */
    public static final int TIMELINE_CAP = 20_000;

    /** The condition's name: {@code cold}, {@code warm}, {@code background} or {@code warm+background}. */
    public static String condition(boolean warm, boolean background) {
        if (warm && background) return "warm+background";
        return warm ? "warm" : background ? "background" : COLD;
    }

    /** The condition a record or a summary states, {@link #COLD} where it states none. */
    public static String conditionOrCold(String condition) {
        return condition == null ? COLD : condition;
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

    /**
     * The warm-up diffusion (docs/conditions.md §2): its instant and gap as scheduled, whether this
     * node completed it and when (milliseconds after the warm-up's publish instant), the quiet
     * between that completion and the measured publish, {@code late} when the quiet was shorter
     * than the gap or the warm-up never completed, and the node's counters between the warm-up
     * instant and the measured publish (the measured payload's counters start at its publish).
     */
    public record Warmup(long atMs, long gapMs, boolean completed, Double completionMs, Double quietMs, boolean late,
                         Bytes bytes, long received, long duplicates) {}

    /**
     * The background load (docs/conditions.md §3): its topic and load ({@code SIZE@INTERVALms}), its
     * start after T0, whether this node sent, what it published, delivered (first copies from
     * peers), received again and its data bytes, over the whole run and between the measured
     * publish and the end of the hold; {@code refused} counts malformed messages on its topic.
     */
    public record Background(String topic, String load, long fromMs, boolean sender, long published, long delivered,
                             long duplicates, long rxData, long txData, long deliveredAfterPublish, long duplicatesAfterPublish,
                             long rxDataAfterPublish, long txDataAfterPublish, long refused) {}

    /**
     * The connections' congestion windows at the publish instant (docs/conditions.md §4): where they
     * were read ({@code tcp_info}, {@code quiche}, or why not), the transport's initial window, how
     * many connections there were, could be read and were above the initial window, their spread,
     * the kernel's {@code tcp_slow_start_after_idle} for TCP where readable, and each window by peer.
     * In a warm cell also: the gossip bytes this node sent each peer during the warm-up, the
     * readable connections over which that was at least an initial window ({@code carriedWarmup}),
     * and how many of those are above the initial window; null in other cells.
     */
    public record CongestionWindows(String source, Long initialBytes, int connections, int readable, int aboveInitial,
                                    Long minBytes, Long medianBytes, Long maxBytes, Integer tcpSlowStartAfterIdle,
                                    Map<String, Long> byPeer, Integer carriedWarmup, Integer carriedWarmupAboveInitial,
                                    Map<String, Long> warmupSentByPeer) {}

    /** Epoch milliseconds of the process start, the publish instant and the end of the hold. */
    public record Times(long startMs, long publishMs, long endMs) {}

    /** Counters every 100 ms from the publish; {@code tMs} since the publish instant. */
    public record Snapshot(long tMs, Long rx, Long tx, long rxData, long txData, long distinct, long duplicates) {}

    /**
     * The node's timeline of the measured diffusion (docs/records.md §1.5), in milliseconds since
     * the publish instant on the node's own clock. Messages and peers are named by their ids, so
     * that a cell's records join into one picture ({@code gsnode timeline}).
     *
     * @param heartbeatsMs the node's heartbeats, from 3 s before the publish to the end of the hold
     * @param firstCopies each message's first copy: who sent it, and when its RPC was decoded
     * @param copies each copy this node wrote: to whom, why ({@code push} or {@code iwant}), when it
     *     was queued, handed to the stream and taken by it (the last byte handed to the connection,
     *     as flow control allowed)
     * @param truncated whether a list reached {@value #TIMELINE_CAP} entries and later ones were left out
     */
    public record Timeline(List<Double> heartbeatsMs, List<FirstCopy> firstCopies, List<Copy> copies, boolean truncated) {

        /** A message's first arrival. */
        public record FirstCopy(String id, String from, double atMs) {}

        /** One copy written to one peer. */
        public record Copy(String id, String to, String kind, double queuedMs, double startMs, double doneMs) {}
    }

    /**
     * The record a runner writes for node {@code index} of {@code topology} when the node left none
     * (it died, or the run was stopped before it wrote one): it stays in the cell, as not completed.
     * The peer id is the one every node derives for that index.
     */
    public static NodeRecord lost(String cell, String backend, String arm, String transport, String quicEngine, String impl,
                                  String queue, String delay, Topology topology, int payloadBytes, int run, int index) {
        return new NodeRecord(SCHEMA, new CellIdentity(cell, backend, arm, arm, transport, quicEngine, impl, queue, delay,
                topology.seed(), topology.n(), payloadBytes, topology.scenario().toString(), run, null), index,
                PeerId.fromPubKey(Ed25519.fromIndex(index).publicKey()).toString(),
                index == topology.publisher() ? "publisher" : "receiver", "lost", false, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, List.of(), null, Map.of(), Map.of(), Build.current());
    }

    public boolean receiver() {
        return "receiver".equals(role);
    }
}
