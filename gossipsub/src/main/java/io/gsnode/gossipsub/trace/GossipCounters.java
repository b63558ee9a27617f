package io.gsnode.gossipsub.trace;

import io.gsnode.formats.stats.Histogram;
import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counters a node record carries, kept by a tracer. Written on the router thread, readable
 * from any thread (snapshots every 100 ms come from another one).
 */
public final class GossipCounters implements RouterTracer {

    /** One direction's counts. */
    public static final class Direction {
        final LongAdder rpcs = new LongAdder(), frameBytes = new LongAdder(), dataBytes = new LongAdder(),
                controlBytes = new LongAdder(), partialBytes = new LongAdder(), publish = new LongAdder(),
                ihave = new LongAdder(), iwant = new LongAdder(), idontwant = new LongAdder(),
                graft = new LongAdder(), prune = new LongAdder();

        void add(RpcParts p) {
            rpcs.increment();
            frameBytes.add(p.frameBytes());
            dataBytes.add(p.dataBytes());
            controlBytes.add(p.controlBytes());
            partialBytes.add(p.partialBytes());
            publish.add(p.publish());
            ihave.add(p.ihaveIds());
            iwant.add(p.iwantIds());
            idontwant.add(p.idontwantIds());
            graft.add(p.grafts());
            prune.add(p.prunes());
        }

        public long frameBytes() { return frameBytes.sum(); }
        public long dataBytes() { return dataBytes.sum(); }
        public long controlBytes() { return controlBytes.sum(); }
        public long partialBytes() { return partialBytes.sum(); }
        public long publish() { return publish.sum(); }
        public long ihave() { return ihave.sum(); }
        public long iwant() { return iwant.sum(); }
        public long idontwant() { return idontwant.sum(); }
        public long graft() { return graft.sum(); }
        public long prune() { return prune.sum(); }

        /** Message entries, ids and topics by RPC part, as the interop peers print them. */
        public Map<String, Long> asMap() {
            Map<String, Long> m = new LinkedHashMap<>();
            m.put("rpcs", rpcs.sum());
            m.put("publish", publish());
            m.put("ihave", ihave());
            m.put("iwant", iwant());
            m.put("idontwant", idontwant());
            m.put("graft", graft());
            m.put("prune", prune());
            m.put("bytes", frameBytes());
            m.put("data_bytes", dataBytes());
            m.put("control_bytes", controlBytes());
            m.put("partial_bytes", partialBytes());
            return m;
        }
    }

    private final Direction sent = new Direction();
    private final Direction received = new Direction();
    private final LongAdder delivered = new LongAdder(), duplicates = new LongAdder(), queueDrops = new LongAdder(),
            suppressed = new LongAdder(), served = new LongAdder(), brokenPromises = new LongAdder(),
            malformed = new LongAdder();
    private final Map<String, LongAdder> rejected = new ConcurrentHashMap<>();
    private final Histogram taskLagUs = new Histogram(), inboundQueueingUs = new Histogram(),
            outboundQueueingUs = new Histogram(), outboundBacklogBytes = new Histogram(), iwantAnswerUs = new Histogram();

    public Direction sent() { return sent; }
    public Direction received() { return received; }
    public long delivered() { return delivered.sum(); }
    public long duplicates() { return duplicates.sum(); }
    public long queueDrops() { return queueDrops.sum(); }
    public long idontwantSuppressed() { return suppressed.sum(); }
    public long iwantServed() { return served.sum(); }
    public long brokenPromises() { return brokenPromises.sum(); }
    public long malformed() { return malformed.sum(); }

    /**
     * Where time went inside the node, for the record: router task lag, inbound queueing (decoded
     * to handled), outbound queueing (queued to taken by the transport) and the backlog each frame
     * found ahead of it in its peer's queue, and IWANT answer latency (IWANT decoded to the answer
     * taken by the transport). On an idle host all stay in the low milliseconds; on a saturated
     * one they show which stage held an answer past its promise.
     */
    public Map<String, Object> timings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("router_task_lag_us", taskLagUs.summary().asMap());
        m.put("inbound_queueing_us", inboundQueueingUs.summary().asMap());
        m.put("outbound_queueing_us", outboundQueueingUs.summary().asMap());
        m.put("outbound_backlog_bytes", outboundBacklogBytes.summary().asMap());
        m.put("iwant_answer_us", iwantAnswerUs.summary().asMap());
        return m;
    }

    public Histogram.Summary iwantAnswerUs() { return iwantAnswerUs.summary(); }
    public Histogram.Summary taskLagUs() { return taskLagUs.summary(); }
    public Histogram.Summary outboundQueueingUs() { return outboundQueueingUs.summary(); }

    /** Rejections by reason. */
    public Map<String, Long> rejected() {
        Map<String, Long> m = new LinkedHashMap<>();
        rejected.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    public long rejected(String reason) {
        LongAdder a = rejected.get(reason);
        return a == null ? 0 : a.sum();
    }

    @Override public void rpcSent(PeerId to, RpcParts parts) { sent.add(parts); }
    @Override public void rpcReceived(PeerId from, RpcParts parts) { received.add(parts); }
    @Override public void delivered(PeerId from, MessageId id, String topic, int n) { delivered.increment(); }
    @Override public void duplicate(PeerId from, MessageId id, String topic) { duplicates.increment(); }
    @Override public void rejected(PeerId from, String reason) { rejected.computeIfAbsent(reason, r -> new LongAdder()).increment(); }
    @Override public void malformed(PeerId from, String reason) { malformed.increment(); }
    @Override public void queueDropped(PeerId to) { queueDrops.increment(); }
    @Override public void suppressedByIDontWant(PeerId to, MessageId id) { suppressed.increment(); }
    @Override public void iwantServed(PeerId to, MessageId id) { served.increment(); }
    @Override public void brokenPromise(PeerId peer, MessageId id) { brokenPromises.increment(); }
    @Override public void taskLag(long nanos) { taskLagUs.record(nanos / 1_000); }
    @Override public void inboundQueued(long nanos) { inboundQueueingUs.record(nanos / 1_000); }
    @Override public void iwantAnswered(PeerId to, long nanos) { iwantAnswerUs.record(nanos / 1_000); }

    @Override
    public void frameWritten(PeerId to, long nanos, long backlogBytes) {
        outboundQueueingUs.record(nanos / 1_000);
        outboundBacklogBytes.record(backlogBytes);
    }
}
