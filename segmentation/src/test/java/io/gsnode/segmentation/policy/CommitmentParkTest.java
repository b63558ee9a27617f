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
 * The IHAVE commitment park on a router (docs/arms.md §6.6, FINAL's k = 1): an announcer that
 * does not deliver what it was asked for by the promise deadline is parked, and its IHAVEs are
 * ignored; one that delivers is not.
 */
class CommitmentParkTest {

    private static final Duration PROMISE = Duration.ofMillis(1000);
    private static final DisciplineConfig FINAL_LIKE = new DisciplineConfig(Duration.ofMillis(200), false,
            new DisciplineConfig.ParkConfig(1, PROMISE, Duration.ofSeconds(30)));

    @Test
    void brokenPromiseParksThePeerAndItsIHavesAreIgnored() {
        try (PullTestFixture f = new PullTestFixture(FINAL_LIKE, 2)) {
            ScriptedPeer liar = f.peers.get(0), honest = f.peers.get(1);
            MessageId x = f.freshId();
            liar.ihave(TOPIC, x);
            assertEquals(1, liar.iwants(x));
            f.advance(PROMISE.minusMillis(1));
            assertEquals(0, f.counter("peers_parked"), "not before the deadline");
            f.advance(Duration.ofMillis(1));
            assertEquals(1, f.counter("peers_parked"), "the promise broke and the liar is parked");
            assertEquals(1, f.counter("promises_broken"));

            MessageId z = f.freshId();
            liar.ihave(TOPIC, z);
            assertEquals(1, f.router.counters.rejected("ihave_parked"));
            assertEquals(0, liar.iwants(z), "a parked peer is not asked");
            assertEquals(1, f.counter("ihave_ignored_parked"));

            honest.ihave(TOPIC, z);
            assertEquals(1, honest.iwants(z), "an unparked announcer of the same id is asked");
        }
    }

    @Test
    void keptPromiseDoesNotPark() {
        try (PullTestFixture f = new PullTestFixture(FINAL_LIKE, 2)) {
            ScriptedPeer keeper = f.peers.get(0), liar = f.peers.get(1);
            byte[] data = {7, 7, 7};
            MessageId x = MessageIdFunction.SHA256_PREFIX_20.apply(PubMessage.unsigned(TOPIC, data));
            keeper.ihave(TOPIC, x);
            assertEquals(1, keeper.iwants(x));
            keeper.publish(TOPIC, data);
            assertEquals(1, f.router.delivered.size(), "x delivered");
            MessageId y = f.freshId();
            liar.ihave(TOPIC, y);
            f.advance(PROMISE);
            assertEquals(1, f.counter("peers_parked"), "the liar is parked");
            assertEquals(1, f.counter("promises_broken"), "only the liar broke a promise");
            MessageId z = f.freshId();
            keeper.ihave(TOPIC, z);
            assertEquals(1, keeper.iwants(z), "the keeper's announcements are still acted on");
        }
    }
}
