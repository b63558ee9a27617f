package io.gsnode.node.run;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.gossipsub.trace.GossipCounters;
import io.gsnode.libp2p.host.Host;

/**
 * A node's cumulative counters at one instant, so that a stretch of the run can be told apart from
 * the rest: the measured payload's counters in a warm cell start at the publish instant (the warm-up
 * came before), and the background load's deliveries and data bytes come out of them wherever they
 * ran (docs/conditions.md §2, §3). In a cold cell without background the measured counters are
 * the totals, as they always were.
 */
record CounterTotals(NodeRecord.Bytes bytes, NodeRecord.Msgs msgs, BackgroundTraffic.Counts background) {

    static final CounterTotals ZERO = new CounterTotals(new NodeRecord.Bytes(0L, 0L, 0, 0, 0, 0, 0, 0),
            new NodeRecord.Msgs(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), BackgroundTraffic.Counts.ZERO);

    static CounterTotals read(Host host, GossipCounters counters, BackgroundTraffic background) {
        boolean wire = host.countsWireBytes();
        GossipCounters.Direction rx = counters.received(), tx = counters.sent();
        long rejected = counters.rejected().values().stream().mapToLong(Long::longValue).sum();
        return new CounterTotals(
                new NodeRecord.Bytes(wire ? host.wireCounters().received() : null, wire ? host.wireCounters().sent() : null,
                        rx.dataBytes(), tx.dataBytes(), rx.controlBytes(), tx.controlBytes(), rx.partialBytes(), tx.partialBytes()),
                new NodeRecord.Msgs(counters.delivered(), counters.duplicates(), tx.ihave(), rx.ihave(), tx.iwant(), rx.iwant(),
                        tx.idontwant(), rx.idontwant(), tx.graft(), rx.graft(), tx.prune(), rx.prune(), counters.queueDrops(),
                        rejected, counters.malformed()),
                background == null ? BackgroundTraffic.Counts.ZERO : background.counts());
    }

    /** What happened between {@code earlier} and this instant. */
    CounterTotals since(CounterTotals earlier) {
        NodeRecord.Bytes a = bytes, b = earlier.bytes;
        NodeRecord.Msgs m = msgs, e = earlier.msgs;
        return new CounterTotals(
                new NodeRecord.Bytes(minus(a.rx(), b.rx()), minus(a.tx(), b.tx()), a.rxData() - b.rxData(), a.txData() - b.txData(),
                        a.rxControl() - b.rxControl(), a.txControl() - b.txControl(), a.rxPartial() - b.rxPartial(),
                        a.txPartial() - b.txPartial()),
                new NodeRecord.Msgs(m.received() - e.received(), m.duplicates() - e.duplicates(), m.ihaveSent() - e.ihaveSent(),
                        m.ihaveReceived() - e.ihaveReceived(), m.iwantSent() - e.iwantSent(), m.iwantReceived() - e.iwantReceived(),
                        m.idontwantSent() - e.idontwantSent(), m.idontwantReceived() - e.idontwantReceived(),
                        m.graftSent() - e.graftSent(), m.graftReceived() - e.graftReceived(), m.pruneSent() - e.pruneSent(),
                        m.pruneReceived() - e.pruneReceived(), m.queueDrops() - e.queueDrops(), m.rejected() - e.rejected(),
                        m.malformed() - e.malformed()),
                background.minus(earlier.background));
    }

    private static Long minus(Long a, Long b) {
        return a == null || b == null ? null : a - b;
    }

    /** The data bytes without the background's (control and socket bytes cannot be split, see {@link BackgroundTraffic}). */
    NodeRecord.Bytes withoutBackground() {
        return new NodeRecord.Bytes(bytes.rx(), bytes.tx(), bytes.rxData() - background.rxData(), bytes.txData() - background.txData(),
                bytes.rxControl(), bytes.txControl(), bytes.rxPartial(), bytes.txPartial());
    }

    /** Deliveries and duplicates without the background's. */
    NodeRecord.Msgs msgsWithoutBackground() {
        NodeRecord.Msgs m = msgs;
        return new NodeRecord.Msgs(m.received() - background.delivered(), m.duplicates() - background.duplicates(), m.ihaveSent(),
                m.ihaveReceived(), m.iwantSent(), m.iwantReceived(), m.idontwantSent(), m.idontwantReceived(), m.graftSent(),
                m.graftReceived(), m.pruneSent(), m.pruneReceived(), m.queueDrops(), m.rejected(), m.malformed());
    }
}
