package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The message cache's windows shift once per heartbeat: an id is gossiped for {@code historyGossip}
 * heartbeats and served for {@code historyLength}.
 */
class MessageCacheTest {

    /** No mesh: the peer hears of messages only through gossip. */
    private final RouterFixture f = new RouterFixture(RouterFixture.config().mesh(0, 0, 0).build());

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void anIdIsGossipedForHistoryGossipHeartbeats() {
        assertEquals(3, f.config.historyGossip());
        f.subscribe("t");
        ScriptedPeer p = f.connect().subscribe("t");
        f.publish("t", "gossiped".getBytes());
        for (int k = 1; k <= 3; k++) {
            f.heartbeat();
            assertEquals(k, p.ihaveIds(), "heartbeat " + k);
        }
        f.heartbeats(3);
        assertEquals(3, p.ihaveIds());
    }

    @Test
    void anIdIsServedForHistoryLengthHeartbeats() {
        assertEquals(6, f.config.historyLength());
        f.subscribe("t");
        ScriptedPeer p = f.connect().subscribe("t");
        PublishResult r = f.publish("t", "served".getBytes());
        f.heartbeats(5);
        p.control(ControlMessage.iwant(List.of(r.id().bytes())));
        assertEquals(1, p.publishes(x -> true));
        f.heartbeat();
        p.control(ControlMessage.iwant(List.of(r.id().bytes())));
        assertEquals(1, p.publishes(x -> true), "shifted out at the sixth heartbeat");
    }

    @Test
    void windowsShiftOnlyWhenAsked() {
        MessageCache cache = new MessageCache(2, 1);
        PubMessage m = RouterFixture.message("t", "x");
        MessageId id = MessageIdFunction.SHA256_PREFIX_20.apply(m);
        cache.put(id, m);
        assertEquals(List.of(id), cache.gossipIds("t"));
        cache.shift();
        assertEquals(List.of(), cache.gossipIds("t"));
        assertNotNull(cache.get(id));
        cache.shift();
        assertNull(cache.get(id));
    }
}
