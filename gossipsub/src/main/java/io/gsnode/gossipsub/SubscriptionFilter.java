package io.gsnode.gossipsub;

import java.nio.charset.StandardCharsets;

/**
 * What a peer's SUBSCRIBEs may make the router hold. Without bounds one peer's stream of unique
 * topic names grows the router's topic tables until the heap is gone (2.1 million of them, 20 MiB
 * on the wire, did). go-libp2p-pubsub leaves this to an optional subscription filter; Prysm, the
 * report's client, installs one that ignores an RPC of more than 200 subscriptions and accepts only
 * its own topics. gsnode does the first as Prysm does and bounds the rest by count and name length
 * (docs/wire.md §7.7), each refusal counted by its reason in the record.
 */
final class SubscriptionFilter {

    /** An RPC with more subscriptions than this is ignored whole (Prysm's {@code pubsubSubscriptionRequestLimit}). */
    static final int MAX_PER_RPC = 200;
    /**
     * Topics we track for one peer. A cell uses one to a few dozen (variant C: one per segment
     * index); the report's client, a few hundred at most.
     */
    static final int MAX_TOPICS_PER_PEER = 1_000;
    /** Longest topic name accepted, in UTF-8 bytes; the report's topics are under 100. */
    static final int MAX_TOPIC_BYTES = 512;

    private SubscriptionFilter() {}

    static boolean tooLong(String topic) {
        // A cheap bound first: UTF-8 takes at least one byte a char and at most three.
        if (topic.length() > MAX_TOPIC_BYTES) return true;
        return topic.length() * 3 > MAX_TOPIC_BYTES && topic.getBytes(StandardCharsets.UTF_8).length > MAX_TOPIC_BYTES;
    }
}
