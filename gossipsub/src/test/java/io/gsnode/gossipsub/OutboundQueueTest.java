package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.gossipsub.rpc.ControlMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The bounded per-peer queue: a slow reader loses frames past the bound and holds no one else up. */
class OutboundQueueTest {

    private final RouterFixture f = new RouterFixture(RouterFixture.config().set("outbound_queue_size", "4").build());

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void aStalledPeerLosesWhatOverflowsItsQueueAndGetsTheRestWhenItReadsAgain() {
        f.subscribe("t");
        ScriptedPeer slow = f.connect().subscribe("t");
        ScriptedPeer fast = f.connect().subscribe("t");
        slow.control(ControlMessage.graft("t"));
        fast.control(ControlMessage.graft("t"));
        slow.stall();

        List<PublishResult> results = new ArrayList<>();
        for (int i = 0; i < 10; i++) results.add(f.publish("t", ("m" + i).getBytes()));
        // One frame in flight, four queued, five dropped.
        assertEquals(5, f.counters.queueDrops());
        assertEquals(10, fast.publishes(x -> true));
        assertEquals(1, slow.publishes(x -> true));
        assertEquals(List.of(2, 2, 2, 2, 2, 1, 1, 1, 1, 1), results.stream().map(PublishResult::pushed).toList());

        slow.unstall();
        assertEquals(5, slow.publishes(x -> true));
        f.publish("t", "after".getBytes());
        assertEquals(6, slow.publishes(x -> true));
    }

    @Test
    void theHelloGoesFirstAndCarriesOurSubscriptions() {
        f.subscribe("t");
        ScriptedPeer p = f.connect().subscribe("t");
        assertEquals(List.of("t"), p.received().get(0).subscriptions().stream().map(s -> s.topic()).toList(),
                "the hello carries our subscriptions");
    }
}
