package io.gsnode.gossipsub;

/**
 * What a publish did.
 *
 * @param pushed peers the whole message was queued for
 * @param announced peers that got an immediate IHAVE instead (phase forwarding)
 */
public record PublishResult(MessageId id, int pushed, int announced) {}
