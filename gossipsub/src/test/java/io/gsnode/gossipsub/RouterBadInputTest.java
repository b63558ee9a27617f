package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.libp2p.multiformats.UVarint;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each kind of bad input is dropped or answered as the spec says, counted, and leaves the router
 * serving: after each, a message from a good peer still arrives. The IHAVE flood and the GRAFT
 * during backoff live with their limits in {@link IHaveIWantLimitsTest} and {@link GraftPruneBackoffTest}.
 */
class RouterBadInputTest {

    private static final int MAX_FRAME = 256 * 1024;

    private final RouterFixture f = new RouterFixture(RouterFixture.config()
            .set("max_message_size", String.valueOf(MAX_FRAME)).build());
    private ScriptedPeer good;
    private ScriptedPeer bad;

    @BeforeEach
    void start() {
        f.subscribe("t");
        good = f.connect().subscribe("t");
        good.control(ControlMessage.graft("t"));
        bad = f.connect();
    }

    @AfterEach
    void stop() {
        f.close();
    }

    @Test
    void undecodableRpcClosesTheConnectionAndIsCounted() {
        bad.sendRaw(new byte[] {3, 0x12, 0x7f, 0x01});
        assertTrue(bad.closed());
        assertTrue(bad.inboundReset());
        assertEquals(1, f.counters.malformed());
        assertStillServing();
    }

    @Test
    void oversizedFrameClosesTheConnectionAndIsCounted() {
        ByteBuf prefix = Unpooled.buffer();
        UVarint.write(prefix, MAX_FRAME + 1);
        byte[] bytes = new byte[prefix.readableBytes()];
        prefix.readBytes(bytes);
        bad.sendRaw(bytes);
        assertTrue(bad.closed());
        assertEquals(1, f.counters.malformed());
        assertStillServing();
    }

    @Test
    void messageOnAnUnknownTopicIsDroppedAndCounted() {
        bad.publish(PubMessage.unsigned("nobody-here", new byte[] {1}));
        assertEquals(1, f.counters.rejected("unknown_topic"));
        assertTrue(f.delivered.isEmpty());
        assertFalse(bad.closed());
        assertStillServing();
    }

    @Test
    void graftOnATopicWeDidNotJoinIsCounted() {
        bad.control(ControlMessage.graft("elsewhere"));
        assertEquals(1, f.counters.rejected("graft_unknown_topic"));
        assertEquals(List.of(), bad.prunes());
        assertStillServing();
    }

    private void assertStillServing() {
        PubMessage m = RouterFixture.message("t", "still there " + f.delivered.size());
        good.publish(m);
        assertEquals(1, f.deliveredCount(f.idOf(m)));
    }
}
