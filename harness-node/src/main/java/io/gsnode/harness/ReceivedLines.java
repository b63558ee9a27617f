package io.gsnode.harness;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.libp2p.peer.PeerId;

/**
 * One {@code Received Message} line per copy a peer sends us: the first arrival (logged on
 * arrival, before the validation delay, as the harness asks) and every duplicate, which include
 * IWANT answers. Our own publishes never pass here. Messages of topics we did not join are dropped
 * by the router before their id is known, and are not logged.
 */
final class ReceivedLines implements RouterTracer {

    private final HarnessLog out;

    ReceivedLines(HarnessLog out) {
        this.out = out;
    }

    @Override
    public void arrived(PeerId from, MessageId id, String topic, long nanos) {
        out.received(from, topic, id);
    }

    @Override
    public void duplicate(PeerId from, MessageId id, String topic) {
        out.received(from, topic, id);
    }
}
