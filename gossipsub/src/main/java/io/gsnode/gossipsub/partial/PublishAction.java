package io.gsnode.gossipsub.partial;

import io.gsnode.libp2p.peer.PeerId;

/**
 * One RPC the application wants sent to {@code peer} for a group (go: {@code PublishAction}).
 * Either part may be null. The partial message is sent only to peers that requested partial
 * messages on the topic; an action with nothing left to send is skipped.
 */
public record PublishAction(PeerId peer, byte[] partialMessage, byte[] partsMetadata) {}
