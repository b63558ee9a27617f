package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The IHAVE commitment park (docs/arms.md §6.6): an IHAVE is treated as a binding offer. Every
 * granted ask opens a promise (id, peer, ask time); one still open at its deadline is broken, and
 * a peer with k broken promises is parked: its IHAVEs are ignored and offer-table retries skip it
 * until the park expires. Pushes, scoring and IDONTWANT evidence are untouched.
 *
 * <p>The promise deadline is independent of the discipline window (go's "two-timer" design): a
 * short window moves on and asks elsewhere while the slow peer's own deadline still runs to
 * judgment. Delivery of the id from anyone absolves every open promise for it. Break counts are
 * never decremented; parks expire lazily. Router thread only, except the counters.
 */
final class CommitmentPark {

    private final int k;
    private final long ttlNanos;
    private final Map<MessageId, Map<PeerId, Long>> promises = new HashMap<>();
    private final Map<PeerId, Integer> breaks = new HashMap<>();
    private final Map<PeerId, Long> parkedUntil = new HashMap<>();
    private final LongAdder broken = new LongAdder(), parks = new LongAdder();

    CommitmentPark(DisciplineConfig.ParkConfig config) {
        this.k = config.k();
        this.ttlNanos = config.ttl().toNanos();
    }

    /** Opens the promise of an ask of {@code id} to {@code peer} at {@code askedAt}; a newer ask supersedes an older one. */
    void open(MessageId id, PeerId peer, long askedAt) {
        promises.computeIfAbsent(id, x -> new HashMap<>()).put(peer, askedAt);
    }

    /** {@code id} arrived, from anyone: every promise for it is kept. */
    void absolve(MessageId id) {
        promises.remove(id);
    }

    /**
     * The promise deadline of the ask made at {@code askedAt} has come. Returns true when the
     * promise was still open (not absolved and not superseded): it is broken and charged.
     */
    boolean due(MessageId id, PeerId peer, long askedAt, long now) {
        Map<PeerId, Long> open = promises.get(id);
        Long at = open == null ? null : open.get(peer);
        if (at == null || at != askedAt) return false;
        open.remove(peer);
        if (open.isEmpty()) promises.remove(id);
        broken.increment();
        int count = breaks.merge(peer, 1, Integer::sum);
        if (count >= k) {
            // go counts a park only when the peer is not already in the park table (expired parks
            // linger there until looked at), and every further break extends the stay.
            if (parkedUntil.put(peer, now + ttlNanos) == null) parks.increment();
        }
        return true;
    }

    /** Whether {@code peer} is parked at {@code now}; an expired park is removed here. */
    boolean parked(PeerId peer, long now) {
        Long until = parkedUntil.get(peer);
        if (until == null) return false;
        if (now - until > 0) {
            parkedUntil.remove(peer);
            return false;
        }
        return true;
    }

    long brokenPromises() {
        return broken.sum();
    }

    long parks() {
        return parks.sum();
    }

    int openPromises() {
        int n = 0;
        for (Map<PeerId, Long> m : promises.values()) n += m.size();
        return n;
    }
}
