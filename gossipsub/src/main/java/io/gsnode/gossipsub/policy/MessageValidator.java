package io.gsnode.gossipsub.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.libp2p.peer.PeerId;

/** Application validation of a first-seen message; runs on the router thread, so it must be quick. */
@FunctionalInterface
public interface MessageValidator {

    ValidationResult validate(PeerId from, MessageId id, PubMessage message);

    MessageValidator ACCEPT_ALL = (from, id, message) -> ValidationResult.ACCEPT;
}
