package io.gsnode.gossipsub;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Ids seen in the last {@code ttl}, first-seen expiry like go's time cache. Entries are in
 * insertion order, so expiry sweeps from the head and stops at the first live one. Router thread only.
 */
final class SeenCache {

    private final long ttlNanos;
    private final LinkedHashMap<MessageId, Long> expiries = new LinkedHashMap<>();

    SeenCache(Duration ttl) {
        this.ttlNanos = ttl.toNanos();
    }

    /** Adds {@code id}; false if it was already there. */
    boolean add(MessageId id, long now) {
        return expiries.putIfAbsent(id, now + ttlNanos) == null;
    }

    boolean contains(MessageId id) {
        return expiries.containsKey(id);
    }

    void sweep(long now) {
        Iterator<Map.Entry<MessageId, Long>> it = expiries.entrySet().iterator();
        while (it.hasNext()) {
            if (it.next().getValue() - now > 0) return;
            it.remove();
        }
    }

    int size() {
        return expiries.size();
    }
}
