package io.gsnode.segmentation.policy;

import static io.gsnode.segmentation.policy.PullTestFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * The IHAVE commitment park on a real router (docs/arms.md §6.6, FINAL's k = 1): an announcer that
 * does not deliver what it was asked for by the promise deadline is parked, and its IHAVEs are
 * ignored; one that delivers is not.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CommitmentParkTest {

    private static final DisciplineConfig FINAL_LIKE = new DisciplineConfig(Duration.ofMillis(200), false,
            new DisciplineConfig.ParkConfig(1, Duration.ofMillis(1000), Duration.ofSeconds(30)));

    @Test
    void brokenPromiseParksThePeerAndItsIHavesAreIgnored() throws Exception {
        try (PullTestFixture f = new PullTestFixture(FINAL_LIKE, 2)) {
            ScriptedPeer liar = f.peers.get(0), honest = f.peers.get(1);
            MessageId x = f.freshId();
            liar.ihave(TOPIC, x);
            TestHosts.await("the liar is asked", () -> liar.iwants(x) == 1);
            TestHosts.await("the promise breaks and the liar is parked", () -> f.counter("peers_parked") == 1);
            assertEquals(1, f.counter("promises_broken"));

            MessageId z = f.freshId();
            liar.ihave(TOPIC, z);
            TestHosts.await("the parked peer's IHAVE is dropped", () -> f.router.counters.rejected("ihave_parked") == 1);
            assertEquals(0, liar.iwants(z), "a parked peer is not asked");
            assertEquals(1, f.counter("ihave_ignored_parked"));

            honest.ihave(TOPIC, z);
            TestHosts.await("an unparked announcer of the same id is asked", () -> honest.iwants(z) == 1);
        }
    }

    @Test
    void keptPromiseDoesNotPark() throws Exception {
        try (PullTestFixture f = new PullTestFixture(FINAL_LIKE, 2)) {
            ScriptedPeer keeper = f.peers.get(0), liar = f.peers.get(1);
            byte[] data = {7, 7, 7};
            MessageId x = MessageIdFunction.SHA256_PREFIX_20.apply(PubMessage.unsigned(TOPIC, data));
            keeper.ihave(TOPIC, x);
            TestHosts.await("the keeper is asked", () -> keeper.iwants(x) == 1);
            keeper.publish(TOPIC, data);
            TestHosts.await("x delivered", () -> !f.router.delivered.isEmpty());
            // The liar is asked later, so its deadline comes later: once it is parked, the keeper's
            // promise has been judged too.
            MessageId y = f.freshId();
            liar.ihave(TOPIC, y);
            TestHosts.await("the liar is parked", () -> f.counter("peers_parked") == 1);
            assertEquals(1, f.counter("promises_broken"), "only the liar broke a promise");
            keeper.sync(TOPIC, f.freshId()); // the keeper's announcements are still acted on
        }
    }
}
