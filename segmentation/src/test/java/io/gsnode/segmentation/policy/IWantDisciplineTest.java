package io.gsnode.segmentation.policy;

import static io.gsnode.segmentation.policy.PullTestFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.ScriptedPeer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The IWANT discipline on a router (docs/arms.md §6.4): one outstanding ask per id within the window. */
class IWantDisciplineTest {

    @Test
    void neverAsksTwiceForOneIdWithinTheWindow() {
        try (PullTestFixture f = new PullTestFixture(new DisciplineConfig(Duration.ofMinutes(5), false, null), 3)) {
            ScriptedPeer a = f.peers.get(0), b = f.peers.get(1), c = f.peers.get(2);
            MessageId x = f.freshId();
            a.ihave(TOPIC, x);
            assertEquals(1, a.iwants(x));
            f.advance(Duration.ofMinutes(4));
            b.ihave(TOPIC, x);
            c.ihave(TOPIC, x);
            a.ihave(TOPIC, x);
            assertEquals(1, a.iwants(x) + b.iwants(x) + c.iwants(x), "one ask for x across all announcers");
            assertEquals(3, f.counter("discipline_refusals"));
        }
    }

    @Test
    void asksAgainOnceTheAskIsAWindowOld() {
        Duration window = Duration.ofMillis(150);
        try (PullTestFixture f = new PullTestFixture(new DisciplineConfig(window, false, null), 2)) {
            ScriptedPeer a = f.peers.get(0), b = f.peers.get(1);
            MessageId x = f.freshId();
            a.ihave(TOPIC, x);
            assertEquals(1, a.iwants(x));
            f.advance(window.minusMillis(1));
            b.ihave(TOPIC, x);
            assertEquals(0, b.iwants(x), "still within the window");
            f.advance(Duration.ofMillis(1));
            b.ihave(TOPIC, x);
            assertEquals(1, b.iwants(x), "a window after the first ask, x may be asked again");
            assertEquals(1, a.iwants(x));
        }
    }
}
