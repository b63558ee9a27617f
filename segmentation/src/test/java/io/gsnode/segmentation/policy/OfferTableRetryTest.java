package io.gsnode.segmentation.policy;

import static io.gsnode.segmentation.policy.PullTestFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.MessageIdFunction;
import io.gsnode.gossipsub.ScriptedPeer;
import io.gsnode.gossipsub.rpc.PubMessage;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The offer table on a router (docs/arms.md §6.5): an announcement the discipline refused is
 * remembered, and when the ask goes unanswered for a window the retry asks the next announcer:
 * never-tried first, in peer-id order. The retry fires a window and 5 ms after its ask.
 */
class OfferTableRetryTest {

    private static final Duration WINDOW = Duration.ofMillis(1000);
    private static final Duration RETRY = WINDOW.plus(DisciplinedRequests.RETRY_SLACK);

    @Test
    void unansweredAskIsRetriedWithTheNextUntriedAnnouncer() {
        try (PullTestFixture f = new PullTestFixture(new DisciplineConfig(WINDOW, true, null), 3)) {
            // Sorted by peer id: the retry must pick 'first', the lower of the two untried announcers.
            ScriptedPeer silent = f.peers.get(2), first = f.peers.get(0), second = f.peers.get(1);
            MessageId x = f.freshId();
            silent.ihave(TOPIC, x);
            assertEquals(1, silent.iwants(x), "the first announcer is asked");
            second.ihave(TOPIC, x);
            first.ihave(TOPIC, x);
            f.advance(RETRY.minusMillis(1));
            assertEquals(0, first.iwants(x) + second.iwants(x), "within the window nobody else is asked");

            f.advance(Duration.ofMillis(1));
            assertEquals(1, first.iwants(x), "the retry asks the next announcer");
            assertEquals(1, f.counter("offer_retries"));
            assertEquals(1, silent.iwants(x), "the silent announcer is not asked again while others are untried");
            assertEquals(0, second.iwants(x));

            // Still nothing: the next retry asks the last untried announcer, then the least recently tried.
            f.advance(RETRY);
            assertEquals(1, second.iwants(x));
            assertEquals(1, first.iwants(x));
            f.advance(RETRY);
            assertEquals(2, silent.iwants(x), "every announcer tried: the least recently tried gets a second lap");
            assertEquals(1, first.iwants(x));
            assertEquals(1, second.iwants(x));
            assertEquals(3, f.counter("offer_retries"));
        }
    }

    @Test
    void deliveryEndsTheRetries() {
        try (PullTestFixture f = new PullTestFixture(new DisciplineConfig(Duration.ofMillis(200), true, null), 2)) {
            ScriptedPeer a = f.peers.get(0), b = f.peers.get(1);
            byte[] data = {1, 2, 3, 4};
            MessageId x = MessageIdFunction.SHA256_PREFIX_20.apply(PubMessage.unsigned(TOPIC, data));
            a.ihave(TOPIC, x);
            assertEquals(1, a.iwants(x));
            b.ihave(TOPIC, x);
            a.publish(TOPIC, data);
            assertEquals(1, f.router.delivered.size(), "x delivered");

            MessageId y = f.freshId();
            a.ihave(TOPIC, y);
            b.ihave(TOPIC, y);
            f.advance(Duration.ofMillis(205));
            assertEquals(1, b.iwants(y), "y's retry asks b");
            assertEquals(0, b.iwants(x), "x's retry found x delivered: b, the untried announcer, was never asked");
            assertEquals(1, a.iwants(x));
            assertEquals(1, f.counter("offer_retries"));
        }
    }
}
