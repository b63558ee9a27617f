package io.gsnode.gossipsub.rpc;

/** The partial-messages extension part of an RPC (field 10); null fields are absent. */
public record PartialMessage(String topic, byte[] groupId, byte[] partialMessage, byte[] partsMetadata) {}
