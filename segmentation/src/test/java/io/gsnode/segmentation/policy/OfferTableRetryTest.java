package io.gsnode.segmentation.policy;

import static io.gsnode.segmentation.policy.PullTestFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.MessageIdFunction;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.segmentation.testnet.ScriptedPeer;
import io.gsnode.segmentation.testnet.TestHosts;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The offer table on a real router (docs/arms.md §6.5): an announcement the discipline refused is
 * remembered, and when the ask goes unanswered for a window the retry asks the next announcer:
 * never-tried first, in peer-id order.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OfferTableRetryTest {

    @Test
    void unansweredAskIsRetriedWithTheNextUntriedAnnouncer() throws Exception {
        try (PullTestFixture f = new PullTestFixture(new DisciplineConfig(Duration.ofMillis(1000), true, null), 3)) {
            // Sorted by peer id: the retry must pick 'first', the lower of the two untried announcers.
            ScriptedPeer silent = f.peers.get(2), first = f.peers.get(0), second = f.peers.get(1);
            MessageId x = f.freshId();
            silent.ihave(TOPIC, x);
            TestHosts.await("the first announcer is asked", () -> silent.iwants(x) == 1);
            second.ihave(TOPIC, x);
            first.ihave(TOPIC, x);
            first.sync(TOPIC, f.freshId());
            second.sync(TOPIC, f.freshId());
            assertEquals(0, first.iwants(x) + second.iwants(x), "within the window nobody else is asked");

            TestHosts.await("the retry asks the next announcer", () -> first.iwants(x) == 1);
            assertTrue(f.counter("offer_retries") >= 1);
            assertEquals(1, silent.iwants(x), "the silent announcer is not asked again while others are untried");
            assertEquals(0, second.iwants(x));

            // Still nothing: the next retry asks the last untried announcer, then the least recently tried.
            TestHosts.await("the second retry asks the remaining announcer", () -> second.iwants(x) == 1);
            assertEquals(1, first.iwants(x));
            TestHosts.await("every announcer tried: the least recently tried gets a second lap", () -> silent.iwants(x) == 2);
            assertEquals(1, first.iwants(x));
            assertEquals(1, second.iwants(x));
        }
    }

    @Test
    void deliveryEndsTheRetries() throws Exception {
        try (PullTestFixture f = new PullTestFixture(new DisciplineConfig(Duration.ofMillis(200), true, null), 2)) {
            ScriptedPeer a = f.peers.get(0), b = f.peers.get(1);
            byte[] data = {1, 2, 3, 4};
            MessageId x = MessageIdFunction.SHA256_PREFIX_20.apply(PubMessage.unsigned(TOPIC, data));
            a.ihave(TOPIC, x);
            TestHosts.await("a is asked for x", () -> a.iwants(x) == 1);
            b.ihave(TOPIC, x);
            b.sync(TOPIC, f.freshId());
            a.publish(TOPIC, data);
            TestHosts.await("x delivered", () -> !f.router.delivered.isEmpty());

            // y is asked after x, so its retry runs after x's (one timer thread, ordered deadlines):
            // once b is asked for y by the retry, x's retry has run and found x delivered.
            MessageId y = f.freshId();
            a.ihave(TOPIC, y);
            TestHosts.await("a is asked for y", () -> a.iwants(y) == 1);
            b.ihave(TOPIC, y);
            TestHosts.await("y's retry asks b", () -> b.iwants(y) == 1);
            // A retry of x would have asked b, the untried announcer: x's retry found x delivered.
            assertEquals(0, b.iwants(x), "b was never asked for x: it arrived from a");
            assertEquals(1, a.iwants(x));
        }
    }
}
