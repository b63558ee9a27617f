package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.gossipsub.rpc.SubOpts;
import io.gsnode.libp2p.multiformats.UVarint;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
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

    /**
     * Issue 18 #1: a 5-byte prefix claiming the largest frame, on each of 256 streams. The reader
     * keeps what arrived, never what was claimed, and the router keeps one inbound stream per peer
     * (the newest, as go does), so the heap barely moves; before, each stream held a buffer of
     * the claimed size (20 streams: 232 MiB).
     */
    @Test
    void streamsClaimingTheLargestFrameHoldNeitherMemoryNorStreams() {
        try (RouterFixture big = new RouterFixture(RouterFixture.config().build())) {
            big.subscribe("t");
            ScriptedPeer sender = big.connect().subscribe("t");
            sender.control(ControlMessage.graft("t"));
            ScriptedPeer claimer = big.connect();
            ByteBuf prefix = Unpooled.buffer();
            UVarint.write(prefix, big.router.config().maxMessageSize());
            byte[] claim = new byte[prefix.readableBytes()];
            prefix.readBytes(claim);
            long heapBefore = usedHeapAfterGc();
            for (int i = 0; i < 256; i++) claimer.openNewStream().sendRaw(claim);
            long heapGrowth = usedHeapAfterGc() - heapBefore;

            List<ScriptedPeer.FakeStream> streams = claimer.openedStreams();
            assertEquals(256, streams.size());
            assertEquals(255, streams.stream().filter(s -> s.reset).count(), "all but the newest stream reset");
            long buffered = streams.stream().mapToLong(s -> ((InboundReader) s.handler).bufferedCapacity()).sum();
            assertTrue(buffered <= 256L * claim.length, "buffered " + buffered + " bytes");
            assertTrue(heapGrowth < 16L << 20, "the heap grew " + (heapGrowth >> 20) + " MiB");
            assertFalse(claimer.closed(), "a partial frame is not an error");
            PubMessage m = RouterFixture.message("t", "still delivering");
            sender.publish(m);
            assertEquals(1, big.deliveredCount(big.idOf(m)));
        }
    }

    /**
     * Issue 18 #8: RPCs queued for the router thread faster than it handles them. Here 100 arrive
     * in one read, before the (hand-cranked) loop runs any: the stream is told to stop reading at
     * the 32nd (so the transport withholds the remote's credit) and to read again once the loop
     * has worked the backlog down to 16; every RPC is still handled.
     */
    @Test
    void aBacklogOfRpcsPausesTheStreamUntilTheRouterCatchesUp() {
        ByteBuf burst = Unpooled.buffer();
        for (int i = 0; i < 100; i++) {
            ByteBuf frame = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT,
                    new Rpc(List.of(SubOpts.subscribe("topic-" + i)), List.of(), null, null));
            burst.writeBytes(frame);
            frame.release();
        }
        byte[] bytes = new byte[burst.readableBytes()];
        burst.readBytes(bytes);
        burst.release();
        bad.subscribe("first");
        ScriptedPeer.FakeStream stream = bad.inboundStream();

        bad.sendRaw(bytes);

        assertEquals(1, stream.pauses, "paused once, at " + InboundBacklog.PAUSE_AT + " RPCs queued");
        assertEquals(1, stream.resumes, "resumed once the loop had worked the backlog down");
        for (int i = 0; i < 100; i++) {
            assertTrue(f.topicPeers("topic-" + i).contains(bad.id()), "subscription " + i + " handled");
        }
        assertFalse(bad.closed());
    }

    /**
     * Issue 43 #4: one read of 256 KiB of 3-byte RPCs (an empty control message each, ~87,000 of
     * them). Before, the whole read was decoded into the router's queue before the pause took
     * effect (32 identities x one such frame: a 465 MiB peak). Now the reader stops at the
     * backlog's bound and keeps the rest as bytes; every RPC is still handled, in order, and the
     * peer stays connected.
     */
    @Test
    void oneReadOfTinyRpcsQueuesNoMoreThanTheBacklogsBound() {
        int count = 256 * 1024 / 3;
        byte[] read = new byte[count * 3];
        for (int i = 0; i < count; i++) {
            read[3 * i] = 2; // frame length
            read[3 * i + 1] = 0x1a; // field 3, control, length-delimited
            read[3 * i + 2] = 0; // empty
        }
        bad.subscribe("first");
        ScriptedPeer.FakeStream stream = bad.inboundStream();

        bad.sendRawUnhandled(read);

        assertTrue(f.loop.readyCount() <= InboundBacklog.PAUSE_AT, "queued for the router: " + f.loop.readyCount());
        assertEquals(1, stream.pauses);
        f.runPending();
        assertEquals(0, f.loop.readyCount());
        assertEquals(1, stream.resumes, "reading again once everything held back was handled");
        assertFalse(bad.closed());
        bad.subscribe("after");
        assertTrue(f.topicPeers("after").contains(bad.id()), "the RPC after the burst is handled");
    }

    /**
     * Issue 43 #4: many peers at once. Each stream stops at its own 32 RPCs, and all of them stop
     * decoding while the router holds its bound in bytes (1 MiB here, 64 MiB in a node): two peers
     * each sending four 300 KiB messages in one read queue five for the router, not eight; every
     * message is still delivered once the router works them down.
     */
    @Test
    void streamsTogetherQueueNoMoreThanTheRoutersBytes() {
        RouterFixture small = new RouterFixture(RouterFixture.config().build(), b -> b.inboundBytes(1 << 20));
        try {
            small.subscribe("t");
            List<ScriptedPeer> peers = List.of(small.connect().subscribe("t"), small.connect().subscribe("t"));
            for (int p = 0; p < peers.size(); p++) peers.get(p).sendRawUnhandled(burst(p, 4, 300 << 10));

            assertEquals(5, small.loop.readyCount(), "four from the first peer reach the bound, one from the second");
            small.runPending();
            assertEquals(8, small.delivered.size(), "every message delivered");
            assertTrue(peers.stream().noneMatch(ScriptedPeer::closed));
        } finally {
            small.close();
        }
    }

    /** {@code count} publish RPCs of {@code size} bytes each, in one read. */
    private static byte[] burst(int peer, int count, int size) {
        ByteBuf burst = Unpooled.buffer();
        for (int i = 0; i < count; i++) {
            byte[] data = new byte[size];
            data[0] = (byte) peer;
            data[1] = (byte) i;
            ByteBuf frame = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT,
                    new Rpc(List.of(), List.of(PubMessage.unsigned("t", data)), null, null));
            burst.writeBytes(frame);
            frame.release();
        }
        byte[] bytes = new byte[burst.readableBytes()];
        burst.readBytes(bytes);
        burst.release();
        return bytes;
    }

    private static long usedHeapAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) System.gc();
        return memory.getHeapMemoryUsage().getUsed();
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

    /** Issue 18 #9: PRUNEs for invented topics are dropped as go drops them; no backoff is kept per name. */
    @Test
    void prunesForTopicsWithoutAMeshAreDroppedAndCounted() {
        List<ControlMessage.Prune> invented = new ArrayList<>();
        for (int i = 0; i < 1000; i++) invented.add(new ControlMessage.Prune("invented-" + i, List.of(), 3600L));
        bad.control(ControlMessage.prune(invented));
        assertEquals(1000, f.counters.rejected("prune_unknown_topic"));
        assertFalse(bad.closed());
        assertStillServing();
    }

    private void assertStillServing() {
        PubMessage m = RouterFixture.message("t", "still there " + f.delivered.size());
        good.publish(m);
        assertEquals(1, f.deliveredCount(f.idOf(m)));
    }
}
