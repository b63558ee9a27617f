package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** First-seen expiry: a message comes back as new once {@code seenTtl} has passed and a heartbeat swept. */
class SeenCacheTest {

    private final RouterFixture f = new RouterFixture(RouterFixture.config().build());

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void aRepeatWithinTheTtlIsADuplicateAndAfterItIsDeliveredAgain() {
        assertEquals(Duration.ofSeconds(120), f.config.seenTtl());
        f.subscribe("t");
        ScriptedPeer a = f.connect().subscribe("t");
        PubMessage m = RouterFixture.message("t", "again");
        a.publish(m);
        assertEquals(1, f.delivered.size());

        f.advance(Duration.ofMillis(119_900));
        a.publish(m);
        assertEquals(1, f.counters.duplicates());
        assertEquals(1, f.delivered.size());

        f.advance(Duration.ofMillis(200)); // the heartbeat at 120 s sweeps it
        a.publish(m);
        assertEquals(1, f.counters.duplicates());
        assertEquals(2, f.delivered.size());
    }

    @Test
    void ourOwnMessageEchoedBackIsADuplicate() {
        f.subscribe("t");
        ScriptedPeer a = f.connect().subscribe("t");
        a.control(ControlMessage.graft("t"));
        f.publish("t", "mine".getBytes());
        PubMessage echo = a.received().stream().flatMap(r -> r.publish().stream()).findFirst().orElseThrow();
        a.publish(echo);
        assertEquals(1, f.counters.duplicates());
        assertEquals(0, f.delivered.size());
    }

    @Test
    void expiryIsFirstSeenAndSweepsStopAtTheFirstLiveEntry() {
        SeenCache seen = new SeenCache(Duration.ofSeconds(10));
        MessageId x = MessageId.wrap(new byte[] {1});
        MessageId y = MessageId.wrap(new byte[] {2});
        long t0 = 5_000_000_000L;
        assertTrue(seen.add(x, t0));
        assertTrue(seen.add(y, t0 + Duration.ofSeconds(5).toNanos()));
        assertFalse(seen.add(x, t0 + Duration.ofSeconds(9).toNanos()), "a repeat does not extend it");
        seen.sweep(t0 + Duration.ofSeconds(10).toNanos());
        assertFalse(seen.contains(x));
        assertTrue(seen.contains(y));
        seen.sweep(t0 + Duration.ofSeconds(15).toNanos());
        assertEquals(0, seen.size());
    }
}
