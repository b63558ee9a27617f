package io.gsnode.gossipsub;

import io.gsnode.gossipsub.rpc.ControlMessage.Prune;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per topic, the peers we pruned or were pruned by, and until when neither side may graft again
 * (go: {@code backoff}). Loop thread only.
 */
final class Backoffs {

    private final Map<String, Map<PeerId, Long>> until = new HashMap<>();
    /** Two heartbeats, as go waits past a backoff before grafting, so clock skew cannot bite. */
    private final long slackNanos;

    Backoffs(GossipConfig config) {
        this.slackNanos = 2 * config.heartbeatInterval().toNanos();
    }

    /** Backs {@code peer} off {@code topic} for {@code wait} from {@code now}; a longer backoff stands. */
    void add(String topic, PeerId peer, Duration wait, long now) {
        long end = now + wait.toNanos();
        until.computeIfAbsent(topic, t -> new HashMap<>()).merge(peer, end, (a, b) -> a - b > 0 ? a : b);
    }

    /** Whether a GRAFT from {@code peer} now breaks a backoff: no slack here. */
    boolean active(String topic, PeerId peer, long now) {
        Long end = until.getOrDefault(topic, Map.of()).get(peer);
        return end != null && now - end < 0;
    }

    /** Whether we must not graft {@code peer} yet: the backoff plus the slack. */
    boolean blocksGrafting(String topic, PeerId peer, long now) {
        Long end = until.getOrDefault(topic, Map.of()).get(peer);
        return end != null && now - (end + slackNanos) < 0;
    }

    /** Forgets backoffs whose slack has run out too. */
    void expire(long now) {
        for (var it = until.values().iterator(); it.hasNext(); ) {
            Map<PeerId, Long> perTopic = it.next();
            perTopic.values().removeIf(end -> now - (end + slackNanos) > 0);
            if (perTopic.isEmpty()) it.remove();
        }
    }

    /** The PRUNE that tells {@code p} how long to wait. */
    static Prune prune(PeerState p, String topic, Duration wait) {
        // No peer exchange (docs/arms.md §5.1); v1.0 peers know no backoff field.
        Long seconds = p.ready() && p.version.hasPruneBackoff() ? wait.toSeconds() : null;
        return new Prune(topic, List.of(), seconds);
    }
}
