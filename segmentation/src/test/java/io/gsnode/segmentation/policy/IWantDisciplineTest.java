package io.gsnode.segmentation.policy;

import static io.gsnode.segmentation.policy.PullTestFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.segmentation.testnet.ScriptedPeer;
import io.gsnode.segmentation.testnet.TestHosts;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The IWANT discipline on a real router (docs/arms.md §6.4): one outstanding ask per id within the window. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IWantDisciplineTest {

    @Test
    void neverAsksTwiceForOneIdWithinTheWindow() throws Exception {
        // A window far longer than the test: every announcement below falls inside it.
        try (PullTestFixture f = new PullTestFixture(new DisciplineConfig(Duration.ofMinutes(5), false, null), 3)) {
            ScriptedPeer a = f.peers.get(0), b = f.peers.get(1), c = f.peers.get(2);
            MessageId x = f.freshId();
            a.ihave(TOPIC, x);
            TestHosts.await("the first announcer is asked", () -> a.iwants(x) == 1);
            b.ihave(TOPIC, x);
            c.ihave(TOPIC, x);
            a.ihave(TOPIC, x);
            for (ScriptedPeer p : f.peers) p.sync(TOPIC, f.freshId());
            assertEquals(1, a.iwants(x) + b.iwants(x) + c.iwants(x), "one ask for x across all announcers");
            assertEquals(3, f.counter("discipline_refusals"));
        }
    }

    @Test
    void asksAgainOnceTheAskIsAWindowOld() throws Exception {
        try (PullTestFixture f = new PullTestFixture(new DisciplineConfig(Duration.ofMillis(150), false, null), 2)) {
            ScriptedPeer a = f.peers.get(0), b = f.peers.get(1);
            MessageId x = f.freshId();
            a.ihave(TOPIC, x);
            TestHosts.await("the first announcer is asked", () -> a.iwants(x) == 1);
            // Relays announce once; b keeps announcing here only so that some announcement lands after
            // the window. The ask it eventually gets is the second ask of x, not one per announcement.
            TestHosts.await("a later announcer is asked once the window has passed", () -> {
                b.ihave(TOPIC, x);
                return b.iwants(x) > 0;
            });
            b.sync(TOPIC, f.freshId());
            assertEquals(1, b.iwants(x));
            assertEquals(1, a.iwants(x));
        }
    }
}
