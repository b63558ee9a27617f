package io.gsnode.gossipsub;

import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.libp2p.peer.PeerId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * IWANT follow-up (go: {@code gossipTracer}): a peer that announced an id and was asked for it
 * promised to deliver it within {@code iwantFollowupTime}; a promise still open at a heartbeat
 * past its deadline is reported broken. One promise per id: the first peer asked owns it.
 * Loop thread only.
 */
final class Promises {

    private record Promise(PeerId peer, long deadline) {}

    private final Map<MessageId, Promise> open = new HashMap<>();
    private final long followupNanos;
    private final RouterTracer tracer;

    Promises(GossipConfig config, RouterTracer tracer) {
        this.followupNanos = config.iwantFollowupTime().toNanos();
        this.tracer = tracer;
    }

    void asked(PeerId peer, List<MessageId> ids, long now) {
        long deadline = now + followupNanos;
        for (MessageId id : ids) open.putIfAbsent(id, new Promise(peer, deadline));
    }

    /** The message arrived, from whoever: the promise is kept. */
    void delivered(MessageId id) {
        open.remove(id);
    }

    void expire(long now) {
        for (var it = open.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (now - e.getValue().deadline() > 0) {
                tracer.brokenPromise(e.getValue().peer(), e.getKey());
                it.remove();
            }
        }
    }
}
