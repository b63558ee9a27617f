package io.gsnode.node.run;

import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.gossipsub.trace.RpcParts;
import io.gsnode.libp2p.peer.PeerId;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Gossip bytes this node queued for each peer, so a warm cell can say which connections the
 * warm-up used from this side: a congestion window grows only with what its sender sent
 * (docs/conditions.md §4). Only a warm cell's node keeps it.
 */
final class PeerSends implements RouterTracer {

    private final Map<PeerId, LongAdder> sent = new ConcurrentHashMap<>();

    @Override
    public void rpcSent(PeerId to, RpcParts parts) {
        sent.computeIfAbsent(to, p -> new LongAdder()).add(parts.frameBytes());
    }

    /** Bytes sent to each peer so far. */
    Map<PeerId, Long> totals() {
        Map<PeerId, Long> m = new HashMap<>();
        sent.forEach((peer, bytes) -> m.put(peer, bytes.sum()));
        return m;
    }

    /** Bytes sent to each peer between {@code earlier} and {@code later} totals, by peer id text. */
    static Map<String, Long> between(Map<PeerId, Long> earlier, Map<PeerId, Long> later) {
        Map<String, Long> m = new HashMap<>();
        later.forEach((peer, bytes) -> m.put(peer.toString(), bytes - earlier.getOrDefault(peer, 0L)));
        return m;
    }
}
