package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** IWANT follow-up: an announced id we asked for must arrive within {@code iwantFollowupTime}. */
class PromisesTest {

    private final RouterFixture f = new RouterFixture(RouterFixture.config().build());

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void aBrokenPromiseIsCountedAtTheFirstHeartbeatPastTheFollowupTime() {
        assertEquals(Duration.ofSeconds(3), f.config.iwantFollowupTime());
        f.subscribe("t");
        ScriptedPeer p = f.connect().subscribe("t");
        PubMessage m = RouterFixture.message("t", "promised");
        p.control(ControlMessage.ihave("t", List.of(f.idOf(m).bytes())));
        assertEquals(1, p.iwantIds());

        f.heartbeats(3);
        assertEquals(Duration.ofSeconds(3), f.elapsed());
        assertEquals(0, f.counters.brokenPromises(), "the deadline itself is still in time");
        f.heartbeat();
        assertEquals(1, f.counters.brokenPromises());
        f.heartbeats(5);
        assertEquals(1, f.counters.brokenPromises(), "counted once");
    }

    @Test
    void aPromiseKeptByAnyPeerIsNotCounted() {
        f.subscribe("t");
        ScriptedPeer p = f.connect().subscribe("t");
        ScriptedPeer other = f.connect().subscribe("t");
        PubMessage m = RouterFixture.message("t", "promised");
        p.control(ControlMessage.ihave("t", List.of(f.idOf(m).bytes())));
        f.advance(Duration.ofMillis(2_500));
        other.publish(m);
        f.heartbeats(10);
        assertEquals(0, f.counters.brokenPromises());
    }
}
