package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcDecoder;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The per-heartbeat limits on IHAVE and IWANT, both those we honour and those we keep. */
class IHaveIWantLimitsTest {

    private RouterFixture f = new RouterFixture(RouterFixture.config().build());

    @AfterEach
    void close() {
        f.close();
    }

    private static byte[] id(int i) {
        return ByteBuffer.allocate(20).putInt(16, i).array();
    }

    private ScriptedPeer subscribedPeer() {
        f.subscribe("t");
        return f.connect().subscribe("t");
    }

    @Test
    void ihaveRpcsBeyondMaxIHaveMessagesInOneHeartbeatAreIgnored() {
        ScriptedPeer p = subscribedPeer();
        // 40 IHAVE RPCs of one id each, in one read.
        ByteBuf burst = Unpooled.buffer();
        for (int i = 0; i < 40; i++) {
            ByteBuf frame = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT,
                    Rpc.ofControl(ControlMessage.ihave("t", List.of(id(i)))));
            burst.writeBytes(frame);
            frame.release();
        }
        byte[] bytes = new byte[burst.readableBytes()];
        burst.readBytes(bytes);
        p.sendRaw(bytes);
        assertEquals(10, f.config.maxIHaveMessages());
        assertEquals(10, p.iwantIds());
        assertEquals(30, f.counters.rejected("ihave_over_limit"));

        f.heartbeat();
        p.control(ControlMessage.ihave("t", List.of(id(100))));
        assertEquals(11, p.iwantIds(), "the heartbeat reset the count");
    }

    /**
     * Issue 18 #9: a huge IHAVE; the router looks at max_ihave_length of its ids. (Half a million,
     * the finding's size, is now refused as malformed by the decoder: RpcCodecTest.)
     */
    @Test
    void aHugeIHaveIsReadOnlyUpToMaxIHaveLength() {
        ScriptedPeer p = subscribedPeer();
        List<byte[]> many = new ArrayList<>();
        for (int i = 0; i < RpcDecoder.MAX_CONTROL_ITEMS - 2; i++) many.add(id(i));
        p.control(ControlMessage.ihave("t", many));
        assertEquals(5000, p.iwantIds());
        assertEquals(1, f.counters.rejected("ihave_ids_over_limit"));
    }

    @Test
    void idsAskedPerHeartbeatAreCappedAtMaxIHaveLength() {
        ScriptedPeer p = subscribedPeer();
        List<byte[]> many = new ArrayList<>();
        for (int i = 0; i < 6000; i++) many.add(id(i));
        p.control(ControlMessage.ihave("t", many));
        assertEquals(5000, f.config.maxIHaveLength());
        assertEquals(5000, p.iwantIds());

        p.control(ControlMessage.ihave("t", List.of(id(7000))));
        assertEquals(1, f.counters.rejected("iwant_budget_spent"));
        assertEquals(5000, p.iwantIds());

        f.heartbeat();
        p.control(ControlMessage.ihave("t", List.of(id(7001))));
        assertEquals(5001, p.iwantIds());
    }

    @Test
    void ihaveOnATopicWeDidNotJoinIsCountedAndNotAnswered() {
        ScriptedPeer p = subscribedPeer();
        p.control(ControlMessage.ihave("elsewhere", List.of(id(1))));
        assertEquals(1, f.counters.rejected("unknown_topic"));
        assertEquals(0, p.iwantIds());
    }

    @Test
    void gossipWeEmitCarriesAtMostMaxIHaveLengthIds() {
        f.close();
        // No mesh at all: every subscribed peer is a gossip target.
        f = new RouterFixture(RouterFixture.config().mesh(0, 0, 0).set("max_ihave_length", "5").build());
        ScriptedPeer p = subscribedPeer();
        for (int i = 0; i < 8; i++) f.publish("t", ("m" + i).getBytes());
        assertEquals(0, p.publishes(x -> true));
        f.heartbeat();
        assertEquals(5, p.ihaveIds());
    }

    /** A subscribed peer of a router with no mesh, so that it gets our messages only by IWANT. */
    private ScriptedPeer gossipOnlyPeer() {
        f.close();
        f = new RouterFixture(RouterFixture.config().mesh(0, 0, 0).build());
        return subscribedPeer();
    }

    /**
     * Issue 43 #2: 14 identities, each sending one IWANT for the same cached messages and never
     * reading. Each answer was a fresh copy in direct memory (the probe pinned 488 MiB); now every
     * answer frame refers to the message's one encoding, and the answers hold no message bytes of
     * their own.
     */
    @Test
    void answersToManyPeersShareEachMessagesBytes() {
        gossipOnlyPeer();
        List<byte[]> ids = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            byte[] data = new byte[1 << 20];
            data[0] = (byte) i;
            ids.add(f.publish("t", data).id().bytes());
        }
        // The router's allocator (RouterState.alloc), whatever kind Netty's default is.
        io.netty.buffer.ByteBufAllocatorMetric direct =
                ((io.netty.buffer.ByteBufAllocatorMetricProvider) io.netty.buffer.ByteBufAllocator.DEFAULT).metric();
        long before = direct.usedDirectMemory() + direct.usedHeapMemory();
        List<ScriptedPeer> askers = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            ScriptedPeer asker = f.connect().subscribe("t");
            asker.stall();
            asker.control(ControlMessage.iwant(ids));
            askers.add(asker);
        }
        long held = direct.usedDirectMemory() + direct.usedHeapMemory() - before;
        assertTrue(held < (16L << 20), "14 peers' answers hold " + (held >> 20) + " MiB of the router's allocator's memory (8 MiB of messages)");
        for (ScriptedPeer asker : askers) asker.unstall();
        assertEquals(14 * 8, askers.stream().mapToLong(a -> a.publishes(x -> true)).sum(), "every answer is still written");
    }

    @Test
    void iwantAnswersPerPeerAndIdAreCappedAtGossipRetransmission() {
        ScriptedPeer p = gossipOnlyPeer();
        PublishResult r = f.publish("t", "served thrice".getBytes());
        for (int i = 0; i < 4; i++) p.control(ControlMessage.iwant(List.of(r.id().bytes())));
        assertEquals(3, f.config.gossipRetransmission());
        assertEquals(3, p.publishes(x -> true));
        assertEquals(1, f.counters.rejected("iwant_retransmission_cap"));

        p.control(ControlMessage.iwant(List.of(id(1))));
        assertEquals(3, p.publishes(x -> true), "nothing for an id we do not hold");
    }

    /**
     * One IWANT naming an id many times gets one answer, as in go (its answers are a map by id);
     * every mention still counts towards the retransmission cap, as go's GetForPeer does.
     */
    @Test
    void anIdNamedRepeatedlyInOneIWantIsServedOnce() {
        ScriptedPeer p = gossipOnlyPeer();
        PublishResult r = f.publish("t", "served once".getBytes());
        byte[] id = r.id().bytes();
        p.control(ControlMessage.iwant(List.of(id, id, id)));
        assertEquals(1, p.publishes(x -> true), "three mentions in one IWANT, one copy");
        p.control(ControlMessage.iwant(List.of(id)));
        assertEquals(1, p.publishes(x -> true), "the three mentions used up the retransmission cap");
        assertEquals(1, f.counters.rejected("iwant_retransmission_cap"));
    }

    @Test
    void ihaveForAnIdAlreadySeenIsNotAskedFor() {
        ScriptedPeer p = subscribedPeer();
        PubMessage m = RouterFixture.message("t", "seen");
        p.publish(m);
        p.control(ControlMessage.ihave("t", List.of(f.idOf(m).bytes())));
        assertEquals(0, p.iwantIds());
    }
}
