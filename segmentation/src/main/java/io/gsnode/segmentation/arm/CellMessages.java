package io.gsnode.segmentation.arm;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.policy.MessageValidator;
import io.gsnode.gossipsub.policy.ValidationResult;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.libp2p.peer.PeerId;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The validator of variants A and C: a message on the arm's topics is accepted only if it is one
 * the cell's publisher publishes, i.e. its id is the id of one of the layout's messages on its
 * topic. Every node derives those messages from the fixed payload seed (docs/arms.md §3.1), just as
 * variant B's nodes know the committed group ids (docs/arms.md §8.5), and the warm-up payload's
 * messages in a warm cell; the ids are content hashes
 * of topic and data, so a message with any other data or on any other topic is rejected: it is
 * neither counted toward completion nor forwarded, and the router counts it as invalid. Without
 * it, junk published on a segment topic completed receivers that had not received the payload.
 */
final class CellMessages implements MessageValidator {

    private final Set<MessageId> published = new HashSet<>();

    /** Accepts the messages of every layout given: the measured payload's, and the warm-up's in a warm cell. */
    CellMessages(List<ArmLayout> layouts) {
        for (ArmLayout layout : layouts) {
            for (PubMessage m : layout.onTopics()) published.add(layout.ids.apply(m));
        }
    }

    @Override
    public ValidationResult validate(PeerId from, MessageId id, PubMessage message) {
        return published.contains(id) ? ValidationResult.ACCEPT : ValidationResult.REJECT;
    }
}
