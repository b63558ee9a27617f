package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.TestNetwork.Node;
import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.ControlMessage.IHave;
import io.gsnode.gossipsub.rpc.ControlMessage.Prune;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.gossipsub.rpc.SubOpts;
import io.gsnode.libp2p.multiformats.UVarint;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each kind of bad input is dropped or answered as the spec says, counted, and leaves the router
 * serving: after each, a publish from a good peer still arrives.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RouterBadInputTest {

    private static final int MAX_FRAME = 256 * 1024;

    private final TestNetwork net = new TestNetwork();
    private Node router;
    private Node good;
    private RawPeer raw;

    @BeforeEach
    void start() throws Exception {
        GossipConfig config = new GossipConfig.Builder().heartbeat(java.time.Duration.ofMillis(100))
                .set("max_message_size", String.valueOf(MAX_FRAME)).build();
        router = net.add(0, config);
        good = net.add(1, config);
        net.connect(good, router);
        router.subscribe("t");
        good.subscribe("t");
        raw = new RawPeer(7).connect(router.addr);
        TestNetwork.await("router knows both peers", () -> router.router.meshPeers("t").join().contains(good.host.peerId()));
    }

    @AfterEach
    void stop() {
        raw.close();
        net.close();
    }

    @Test
    void undecodableRpcClosesTheConnectionAndIsCounted() throws Exception {
        raw.sendRaw(new byte[] {3, 0x12, 0x7f, 0x01});
        TestNetwork.await("connection closed", raw::closed);
        assertEquals(1, router.counters.malformed());
        assertStillServing();
    }

    @Test
    void oversizedFrameClosesTheConnectionAndIsCounted() throws Exception {
        ByteBuf prefix = Unpooled.buffer();
        UVarint.write(prefix, MAX_FRAME + 1);
        byte[] bytes = new byte[prefix.readableBytes()];
        prefix.readBytes(bytes);
        raw.sendRaw(bytes);
        TestNetwork.await("connection closed", raw::closed);
        assertEquals(1, router.counters.malformed());
        assertStillServing();
    }

    @Test
    void messageOnAnUnknownTopicIsDroppedAndCounted() throws Exception {
        raw.send(Rpc.ofPublish(PubMessage.unsigned("nobody-here", new byte[] {1})));
        TestNetwork.await("rejected", () -> router.counters.rejected("unknown_topic") == 1);
        assertTrue(router.delivered.isEmpty());
        assertFalse(raw.closed());
        assertStillServing();
    }

    @Test
    void ihaveFloodBeyondTheLimitsIsIgnoredAndCounted() throws Exception {
        raw.send(new Rpc(List.of(SubOpts.subscribe("t")), List.of(), null, null));
        // 40 IHAVE RPCs of one id each, in one write: within one heartbeat the router answers at
        // most 10 (MaxIHaveMessages). The frames may straddle one heartbeat, never two.
        ByteBuf burst = Unpooled.buffer();
        for (int i = 0; i < 40; i++) {
            ByteBuf frame = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT, ihave(List.of(id(i))));
            burst.writeBytes(frame);
            frame.release();
        }
        byte[] bytes = new byte[burst.readableBytes()];
        burst.readBytes(bytes);
        raw.sendRaw(bytes);
        TestNetwork.await("every IHAVE handled",
                () -> router.counters.rejected("ihave_over_limit") + iwantIds() == 40);
        assertTrue(iwantIds() >= 10 && iwantIds() <= 20, "answered " + iwantIds());
        long answered = iwantIds();
        Thread.sleep(300); // the next heartbeat resets the count: now 6000 ids in one IHAVE
        List<byte[]> many = new ArrayList<>();
        for (int i = 100; i < 6100; i++) many.add(id(i));
        raw.send(ihave(many));
        TestNetwork.await("asks capped at MaxIHaveLength", () -> iwantIds() == answered + 5000);
        Thread.sleep(200);
        assertEquals(answered + 5000, iwantIds());
        assertStillServing();
    }

    @Test
    void graftDuringBackoffIsAnsweredWithPruneAndCounted() throws Exception {
        raw.send(new Rpc(List.of(SubOpts.subscribe("t")), List.of(), null, null));
        raw.send(Rpc.ofControl(new ControlMessage(List.of(), List.of(), List.of(), List.of(new Prune("t", List.of(), 60L)),
                List.of(), null)));
        raw.send(Rpc.ofControl(new ControlMessage(List.of(), List.of(), List.of("t"), List.of(), List.of(), null)));
        TestNetwork.await("counted", () -> router.counters.rejected("graft_during_backoff") == 1);
        TestNetwork.await("answered with PRUNE", () -> raw.count(r -> r.control() == null ? 0 : r.control().prune().size()) >= 1);
        assertFalse(router.router.meshPeers("t").join().contains(raw.host.peerId()));
        assertStillServing();
    }

    private long iwantIds() {
        return raw.count(r -> r.control() == null ? 0
                : r.control().iwant().stream().mapToInt(w -> w.messageIds().size()).sum());
    }

    private static Rpc ihave(List<byte[]> ids) {
        return Rpc.ofControl(new ControlMessage(List.of(new IHave("t", ids)), List.of(), List.of(), List.of(), List.of(), null));
    }

    private static byte[] id(int i) {
        return ByteBuffer.allocate(20).putInt(16, i).array();
    }

    private void assertStillServing() throws Exception {
        PublishResult r = good.router.publish("t", ("still there " + System.nanoTime()).getBytes()).get(5, TimeUnit.SECONDS);
        TestNetwork.await("router still delivers", () -> router.deliveredCount(r.id()) == 1);
    }
}
