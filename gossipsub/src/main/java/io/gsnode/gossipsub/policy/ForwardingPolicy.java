package io.gsnode.gossipsub.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;
import java.util.List;

/**
 * Chooses, for one message being published or forwarded on one topic, which candidate peers get
 * it pushed and which get an immediate single-id IHAVE instead (docs/arms.md §6.1).
 *
 * <p>Candidates are the mesh (or fanout) peers that have not sent IDONTWANT for the message; they
 * may include the peer we got it from and its author: the router drops those when it emits the
 * sends, after the policy chose, because the reference does it in that order.
 */
@FunctionalInterface
public interface ForwardingPolicy {

    ForwardPlan plan(ForwardRequest request);

    /** Stock gossipsub: push to every candidate, announce to none. */
    ForwardingPolicy PUSH_ALL = request -> new ForwardPlan(request.candidates(), List.of());

    /**
     * @param holders mesh peers of the topic that have sent IDONTWANT for the message (they hold it)
     * @param publishing true when we are the publisher
     */
    record ForwardRequest(MessageId id, String topic, List<PeerId> candidates, int holders, boolean publishing) {}

    record ForwardPlan(List<PeerId> push, List<PeerId> announce) {}
}
