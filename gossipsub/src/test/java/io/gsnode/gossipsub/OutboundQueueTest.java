package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.libp2p.connection.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
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

    /**
     * Issue 43 #2: the queue is bounded in bytes as well as frames. Before its stream opens (a peer
     * that never reads is the same), 300 KiB frames fill a 1 MiB bound at the third; the fourth
     * is refused, while a frame larger than the bound still goes into an empty queue.
     */
    @Test
    void aQueueHoldsAtMostItsBytesButAlwaysOneFrame() {
        OutboundQueue q = new OutboundQueue(600, 1 << 20, () -> 0L, (waited, backlog) -> {});
        List<Boolean> taken = new ArrayList<>();
        for (int i = 0; i < 4; i++) taken.add(q.offer(io.netty.buffer.Unpooled.wrappedBuffer(new byte[300 << 10])));
        assertEquals(List.of(true, true, true, false), taken);
        q.close();

        OutboundQueue empty = new OutboundQueue(600, 1 << 20, () -> 0L, (waited, backlog) -> {});
        assertTrue(empty.offer(io.netty.buffer.Unpooled.wrappedBuffer(new byte[2 << 20])), "one frame, however large");
        assertEquals(false, empty.offer(io.netty.buffer.Unpooled.wrappedBuffer(new byte[1])));
        empty.close();
    }

    @Test
    void anIDontWantOvertakesTheDataQueuedBeforeIt() {
        RouterFixture big = new RouterFixture(RouterFixture.config().build());
        try {
            big.subscribe("t");
            ScriptedPeer source = big.connect(Direction.INBOUND, RouterFixture.V1_2).subscribe("t");
            ScriptedPeer slow = big.connect(Direction.INBOUND, RouterFixture.V1_2).subscribe("t");
            source.control(ControlMessage.graft("t"));
            slow.control(ControlMessage.graft("t"));
            slow.stall();
            for (int i = 0; i <= 20; i++) big.publish("t", ("data " + i).getBytes());
            assertEquals(1, slow.publishes(x -> true), "one data frame in flight, twenty queued behind it");

            PubMessage large = RouterFixture.message("t", "x".repeat(big.config.idontwantThreshold()));
            source.publish(large);
            slow.unstall();

            List<Rpc> written = slow.received();
            int inFlight = indexOf(written, r -> r.publish().size() == 1);
            Rpc second = written.get(inFlight + 1);
            assertTrue(second.control() != null && second.control().idontwant().size() == 1
                    && Arrays.equals(big.idOf(large).bytes(), second.control().idontwant().get(0).messageIds().get(0)),
                    "the IDONTWANT is the next write after the frame that was in flight, not the 22nd: " + second);
            assertEquals(22, slow.publishes(x -> true), "and every data frame still follows");
        } finally {
            big.close();
        }
    }

    private static int indexOf(List<Rpc> rpcs, Predicate<Rpc> which) {
        for (int i = 0; i < rpcs.size(); i++) if (which.test(rpcs.get(i))) return i;
        throw new AssertionError("no such rpc in " + rpcs);
    }

    @Test
    void theHelloGoesFirstAndCarriesOurSubscriptions() {
        f.subscribe("t");
        ScriptedPeer p = f.connect().subscribe("t");
        assertEquals(List.of("t"), p.received().get(0).subscriptions().stream().map(s -> s.topic()).toList(),
                "the hello carries our subscriptions");
    }
}
