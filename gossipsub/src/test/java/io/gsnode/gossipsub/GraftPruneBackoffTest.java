package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.libp2p.connection.Direction;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** GRAFT and PRUNE against the backoff they set, on the manual clock. */
class GraftPruneBackoffTest {

    private final RouterFixture f = new RouterFixture(RouterFixture.config().mesh(2, 2, 2).build());

    @AfterEach
    void close() {
        f.close();
    }

    private ScriptedPeer meshedPeer() {
        f.subscribe("t");
        ScriptedPeer p = f.connect().subscribe("t");
        p.control(ControlMessage.graft("t"));
        assertEquals(List.of(p.id), f.mesh("t"));
        return p;
    }

    @Test
    void pruneTakesThePeerOutOfTheMesh() {
        ScriptedPeer p = meshedPeer();
        p.control(ControlMessage.prune("t", null));
        assertEquals(List.of(), f.mesh("t"));
    }

    @Test
    void regraftAt59_9sAfterPruneIsRefusedWithPruneAndRestartsTheBackoff() {
        assertEquals(Duration.ofSeconds(60), f.config.pruneBackoff());
        ScriptedPeer p = meshedPeer();
        p.control(ControlMessage.prune("t", null));
        f.advance(Duration.ofMillis(59_900));
        p.clearReceived();

        p.control(ControlMessage.graft("t"));
        assertEquals(1, f.counters.rejected("graft_during_backoff"));
        assertFalse(f.mesh("t").contains(p.id));
        assertEquals(1, p.prunes().size());
        assertEquals(60L, p.prunes().get(0).backoffSeconds());

        // The penalty: the refusal backed the peer off anew, so 60.1 s after its PRUNE it is still out.
        f.advance(Duration.ofMillis(200));
        p.control(ControlMessage.graft("t"));
        assertEquals(2, f.counters.rejected("graft_during_backoff"));
        assertFalse(f.mesh("t").contains(p.id));
    }

    @Test
    void regraftAt60_1sAfterPruneIsAccepted() {
        ScriptedPeer p = meshedPeer();
        p.control(ControlMessage.prune("t", null));
        f.advance(Duration.ofMillis(60_100));
        p.clearReceived();

        p.control(ControlMessage.graft("t"));
        assertEquals(0, f.counters.rejected("graft_during_backoff"));
        assertEquals(List.of(p.id), f.mesh("t"));
        assertEquals(List.of(), p.prunes());
    }

    @Test
    void thePruneBackoffFieldOverridesTheConfig() {
        ScriptedPeer p = meshedPeer();
        p.control(ControlMessage.prune("t", 10L));
        f.advance(Duration.ofMillis(9_900));
        p.control(ControlMessage.graft("t"));
        assertEquals(1, f.counters.rejected("graft_during_backoff"));

        ScriptedPeer q = meshedPeerOther();
        q.control(ControlMessage.prune("t", 10L));
        f.advance(Duration.ofMillis(10_100));
        q.control(ControlMessage.graft("t"));
        assertEquals(1, f.counters.rejected("graft_during_backoff"));
        assertTrue(f.mesh("t").contains(q.id));
    }

    private ScriptedPeer meshedPeerOther() {
        ScriptedPeer q = f.connect().subscribe("t");
        q.control(ControlMessage.graft("t"));
        assertTrue(f.mesh("t").contains(q.id));
        return q;
    }

    @Test
    void aPeerWePrunedIsNotGraftedBackUntilTheBackoffAndTwoHeartbeatsHavePassed() {
        f.subscribe("t");
        // Three outbound peers graft us; the heartbeat keeps D = 2 and prunes the third.
        List<ScriptedPeer> ps = List.of(
                f.connect(Direction.OUTBOUND, RouterFixture.V1_2).subscribe("t"),
                f.connect(Direction.OUTBOUND, RouterFixture.V1_2).subscribe("t"),
                f.connect(Direction.OUTBOUND, RouterFixture.V1_2).subscribe("t"));
        for (ScriptedPeer p : ps) p.control(ControlMessage.graft("t"));
        f.heartbeat();
        assertEquals(2, f.mesh("t").size());
        ScriptedPeer pruned = ps.stream().filter(p -> !p.prunes().isEmpty()).findFirst().orElseThrow();
        assertEquals(60L, pruned.prunes().get(0).backoffSeconds());
        Duration prunedAt = f.elapsed();

        // Below D_lo now, yet the pruned peer stays out while backed off (60 s + 2 heartbeats).
        f.disconnect(ps.stream().filter(p -> p != pruned).findFirst().orElseThrow());
        while (f.elapsed().minus(prunedAt).compareTo(Duration.ofSeconds(61)) < 0) {
            f.heartbeat();
            assertFalse(f.mesh("t").contains(pruned.id), "grafted back at " + f.elapsed().minus(prunedAt));
        }
        f.heartbeats(2);
        assertTrue(f.mesh("t").contains(pruned.id));
        assertEquals(1, pruned.grafts("t"));
    }

    @Test
    void leavingPrunesTheMeshWithTheUnsubscribeBackoff() {
        ScriptedPeer p = meshedPeer();
        f.unsubscribe("t");
        assertEquals(1, p.prunes().size());
        assertEquals(f.config.unsubscribeBackoff().toSeconds(), p.prunes().get(0).backoffSeconds());
    }
}
