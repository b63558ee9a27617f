package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.SubOpts;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What a peer's SUBSCRIBEs can make the router hold, and what it refuses and counts. */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class SubscriptionFilterTest {

    private final RouterFixture f = new RouterFixture(RouterFixture.config().build());

    @AfterEach
    void close() {
        f.close();
    }

    private static Rpc subscriptions(int from, int count) {
        List<SubOpts> subs = new ArrayList<>(count);
        for (int i = from; i < from + count; i++) subs.add(SubOpts.subscribe("spam/" + i));
        return new Rpc(subs, List.of(), null, null);
    }

    /** 20,000 unique topics from one peer: it keeps 1,000 of them, the rest are refused and counted. */
    @Test
    void aFloodOfUniqueTopicsLeavesAThousandTrackedForThePeer() {
        floodOfUniqueTopics(20_000);
    }

    /** The probe of the hardening review at its size: 2.1 million unique topics (20 MiB on the wire), about 2 minutes. */
    @Test
    @Tag("long")
    void theReviewsFloodOfTwoMillionUniqueTopicsLeavesAThousandTracked() {
        floodOfUniqueTopics(2_100_000);
    }

    private void floodOfUniqueTopics(int total) {
        f.subscribe("t");
        ScriptedPeer spammer = f.connect().subscribe("t");
        int perRpc = SubscriptionFilter.MAX_PER_RPC;
        for (int from = 0; from < total; from += perRpc) spammer.send(subscriptions(from, perRpc));

        assertEquals(total - SubscriptionFilter.MAX_TOPICS_PER_PEER + 1, f.counters.rejected("subscriptions_over_peer_limit"),
                "every unique topic past the peer's 1,000 (its first, t, among them) is refused and counted");
        assertEquals(List.of(spammer.id), f.topicPeers("spam/0"));
        assertEquals(List.of(spammer.id), f.topicPeers("spam/998"));
        assertTrue(f.topicPeers("spam/999").isEmpty(), "the 1,001st topic is not tracked");
        assertTrue(f.topicPeers("spam/" + (total - 1)).isEmpty());

        // The spammer's own topics still work, and an honest peer is unaffected.
        assertEquals(List.of(spammer.id), f.topicPeers("t"));
        ScriptedPeer honest = f.connect().subscribe("t");
        assertTrue(f.topicPeers("t").contains(honest.id));
    }

    /** As Prysm's filter does (and go-libp2p-pubsub with it): more than 200 in one RPC, the RPC is ignored whole. */
    @Test
    void anRpcOfMoreThanTwoHundredSubscriptionsIsIgnoredWhole() {
        f.subscribe("t");
        ScriptedPeer p = f.connect();
        List<SubOpts> subs = new ArrayList<>(subscriptions(0, SubscriptionFilter.MAX_PER_RPC).subscriptions());
        subs.add(SubOpts.subscribe("t"));
        p.send(new Rpc(subs, List.of(RouterFixture.message("t", "carried along")), null, null));
        assertEquals(1, f.counters.rejected("subscriptions_over_rpc_limit"));
        assertTrue(f.topicPeers("t").isEmpty());
        assertTrue(f.topicPeers("spam/0").isEmpty());
        assertEquals(0, f.deliveredCount(f.idOf(RouterFixture.message("t", "carried along"))), "its publish went with it");

        p.send(subscriptions(0, SubscriptionFilter.MAX_PER_RPC)); // exactly 200: accepted
        assertEquals(List.of(p.id), f.topicPeers("spam/199"));
    }

    /** A router subscribed to more topics than one RPC may carry announces them in several, and a peer takes them all. */
    @Test
    void ourOwnSubscriptionsGoOutInRpcsOfAtMostTwoHundred() {
        for (int i = 0; i < 450; i++) f.subscribe("ours/" + i);
        ScriptedPeer p = f.connect();
        List<Rpc> sent = p.received();
        assertEquals(450, sent.stream().mapToInt(r -> r.subscriptions().size()).sum());
        assertTrue(sent.stream().allMatch(r -> r.subscriptions().size() <= SubscriptionFilter.MAX_PER_RPC), "RPC sizes");
    }

    @Test
    void aTopicNameOverFiveHundredTwelveBytesIsRefusedAndCounted() {
        ScriptedPeer p = f.connect();
        String longest = "a".repeat(SubscriptionFilter.MAX_TOPIC_BYTES);
        String tooLong = "é".repeat(SubscriptionFilter.MAX_TOPIC_BYTES / 2 + 1); // 257 chars, 514 bytes
        p.subscribe(longest).subscribe(tooLong).subscribe("b".repeat(64 * 1024));
        assertEquals(List.of(p.id), f.topicPeers(longest));
        assertTrue(f.topicPeers(tooLong).isEmpty());
        assertEquals(2, f.counters.rejected("topic_name_too_long"));
        assertFalse(SubscriptionFilter.tooLong("é".repeat(SubscriptionFilter.MAX_TOPIC_BYTES / 2)));
    }
}
