package io.gsnode.node.run;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.trace.CopyKind;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.libp2p.peer.PeerId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Gathers the record's timeline (docs/records.md §1.5): the copies of the measured diffusion's
 * messages this node wrote and the first copy of each it received, from the publish instant on,
 * and its heartbeats. Only the arm's topics count, so a background load on a topic of its own stays
 * out. Router and transport threads report; every list stops at {@link NodeRecord#TIMELINE_CAP}.
 */
final class TimelineRecorder implements RouterTracer {

    /** Heartbeats this long before the publish are kept: the one before it decides the mesh it goes out on. */
    static final long HEARTBEATS_BEFORE_NANOS = TimeUnit.SECONDS.toNanos(3);

    private record Arrival(MessageId id, PeerId from, long nanos) {}

    private record Written(MessageId id, PeerId to, CopyKind kind, long queued, long started, long done) {}

    private final Set<String> topics;
    private final ArrayDeque<Long> heartbeats = new ArrayDeque<>();
    private final List<Arrival> arrivals = new ArrayList<>();
    private final List<Written> copies = new ArrayList<>();
    private long fromNanos = Long.MAX_VALUE;
    private boolean truncated;

    TimelineRecorder(Set<String> topics) {
        this.topics = Set.copyOf(topics);
    }

    /** From {@code publishNanos} on, the arm's messages count. */
    synchronized void startAt(long publishNanos) {
        fromNanos = publishNanos;
    }

    @Override
    public synchronized void heartbeat(long nanos) {
        if (heartbeats.size() == NodeRecord.TIMELINE_CAP) heartbeats.pollFirst();
        heartbeats.addLast(nanos);
    }

    @Override
    public synchronized void arrived(PeerId from, MessageId id, String topic, long nanos) {
        if (nanos < fromNanos || !topics.contains(topic)) return;
        if (arrivals.size() < NodeRecord.TIMELINE_CAP) arrivals.add(new Arrival(id, from, nanos));
        else truncated = true;
    }

    @Override
    public synchronized void copyWritten(PeerId to, MessageId id, String topic, CopyKind kind, long queued, long started,
                                         long done) {
        if (queued < fromNanos || !topics.contains(topic)) return;
        if (copies.size() < NodeRecord.TIMELINE_CAP) copies.add(new Written(id, to, kind, queued, started, done));
        else truncated = true;
    }

    /** The timeline in milliseconds since {@code publishNanos}. */
    synchronized NodeRecord.Timeline timeline(long publishNanos) {
        List<Double> beats = new ArrayList<>();
        for (long h : heartbeats) {
            if (h >= publishNanos - HEARTBEATS_BEFORE_NANOS) beats.add(ms(h, publishNanos));
        }
        List<NodeRecord.Timeline.FirstCopy> first = new ArrayList<>(arrivals.size());
        for (Arrival a : arrivals) first.add(new NodeRecord.Timeline.FirstCopy(a.id().hex(), a.from().toString(), ms(a.nanos(), publishNanos)));
        List<NodeRecord.Timeline.Copy> written = new ArrayList<>(copies.size());
        for (Written w : copies) {
            written.add(new NodeRecord.Timeline.Copy(w.id().hex(), w.to().toString(), w.kind().label(),
                    ms(w.queued(), publishNanos), ms(w.started(), publishNanos), ms(w.done(), publishNanos)));
        }
        return new NodeRecord.Timeline(beats, first, written, truncated);
    }

    /** Milliseconds to the microsecond, as the rest of the record gives instants. */
    private static double ms(long nanos, long zeroNanos) {
        return Math.round((nanos - zeroNanos) / 1_000.0) / 1_000.0;
    }
}
