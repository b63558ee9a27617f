package io.gsnode.gossipsub.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import io.gsnode.gossipsub.rpc.ControlMessage.Extensions;
import io.gsnode.gossipsub.rpc.ControlMessage.IDontWant;
import io.gsnode.gossipsub.rpc.ControlMessage.IHave;
import io.gsnode.gossipsub.rpc.ControlMessage.IWant;
import io.gsnode.gossipsub.rpc.ControlMessage.PeerInfo;
import io.gsnode.gossipsub.rpc.ControlMessage.Prune;
import io.gsnode.libp2p.multiformats.UVarint;
import io.gsnode.libp2p.protobuf.ProtoWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.lang.management.ManagementFactory;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class RpcCodecTest {

    @Test
    void everyFieldSurvivesARoundTrip() {
        Rpc rpc = new Rpc(
                List.of(SubOpts.subscribe("a"), new SubOpts(false, "b", true, true)),
                List.of(PubMessage.unsigned("a", new byte[] {1, 2, 3}),
                        new PubMessage(new byte[] {9}, new byte[0], new byte[] {0, 0, 0, 0, 0, 0, 0, 7}, "ü", new byte[] {5}, new byte[] {6})),
                new ControlMessage(
                        List.of(new IHave("a", List.of(new byte[] {1}, new byte[] {0, (byte) 0xff}))),
                        List.of(new IWant(List.of(new byte[] {2}))),
                        List.of("a", "b"),
                        List.of(new Prune("a", List.of(new PeerInfo(new byte[] {3}, null)), 60L), new Prune("c", List.of(), null)),
                        List.of(new IDontWant(List.of(new byte[] {4}))),
                        new Extensions(true)),
                new PartialMessage("a", new byte[] {7}, new byte[] {8}, null));
        byte[] body = body(rpc);
        assertEquals(RpcEncoder.size(rpc), body.length);
        Rpc back = RpcDecoder.decode(body);
        assertEquals(2, back.subscriptions().size());
        assertEquals(rpc.subscriptions().get(1), back.subscriptions().get(1));
        PubMessage m = back.publish().get(1);
        assertArrayEquals(new byte[] {9}, m.from());
        assertArrayEquals(new byte[0], m.data());
        assertEquals("ü", m.topic());
        assertNull(back.publish().get(0).from(), "absent fields stay absent");
        ControlMessage c = back.control();
        assertArrayEquals(new byte[] {0, (byte) 0xff}, c.ihave().get(0).messageIds().get(1));
        assertEquals(List.of("a", "b"), c.graft());
        assertEquals(60L, c.prune().get(0).backoffSeconds());
        assertNull(c.prune().get(1).backoffSeconds());
        assertArrayEquals(new byte[] {3}, c.prune().get(0).peers().get(0).peerId());
        assertArrayEquals(new byte[] {4}, c.idontwant().get(0).messageIds().get(0));
        assertTrue(c.extensions().partialMessages());
        assertArrayEquals(new byte[] {8}, back.partial().partialMessage());
        assertNull(back.partial().partsMetadata());
        // Encoding is deterministic: the decoded RPC encodes to the same bytes.
        assertArrayEquals(body, body(back));
    }

    @Test
    void bytesMatchAHandEncoding() {
        // RPC{publish: [Message{data: 0x01, topic: "t"}]}:
        // 12 06 | 12 01 01 | 22 01 74   (field 2 LEN 6 | data | topic)
        Rpc rpc = Rpc.ofPublish(PubMessage.unsigned("t", new byte[] {1}));
        assertEquals("1206120101220174", HexFormat.of().formatHex(body(rpc)));
        // A frame carries the uvarint length first.
        ByteBuf frame = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT, rpc);
        assertEquals(8, UVarint.read(frame));
        frame.release();
    }

    @Test
    void unknownFieldsAreSkipped() {
        byte[] known = body(Rpc.ofPublish(PubMessage.unsigned("t", new byte[] {1})));
        byte[] unknown = new ProtoWriter().writeVarintField(6492434, 1).writeBytesField(99, new byte[] {1, 2}).toByteArray();
        byte[] both = new byte[known.length + unknown.length];
        System.arraycopy(unknown, 0, both, 0, unknown.length);
        System.arraycopy(known, 0, both, unknown.length, known.length);
        assertEquals("t", RpcDecoder.decode(both).publish().get(0).topic());
    }

    @Test
    void garbageIsRejectedWithAReason() {
        MalformedRpcException e = assertThrows(MalformedRpcException.class,
                () -> RpcDecoder.decode(new byte[] {0x12, 0x7f, 0x01}));
        assertTrue(e.getMessage().contains("undecodable"), e.getMessage());
        assertThrows(MalformedRpcException.class, () -> RpcDecoder.decode(
                new ProtoWriter().writeBytesField(2, new ProtoWriter().writeBytesField(2, new byte[] {1}).toByteArray()).toByteArray()),
                "a message without a topic");
    }

    @Test
    void messageEncodingForSigningLeavesOutSignatureAndKeyWhenAbsent() {
        PubMessage m = new PubMessage(new byte[] {1}, new byte[] {2}, new byte[] {3}, "t", null, null);
        assertEquals("0a01011201021a0103220174", HexFormat.of().formatHex(RpcEncoder.encodeMessage(m)));
    }

    private static byte[] body(Rpc rpc) {
        ByteBuf frame = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT, rpc);
        UVarint.read(frame);
        byte[] out = new byte[frame.readableBytes()];
        frame.readBytes(out);
        frame.release();
        return out;
    }

    /**
     * Issue 18 #2: a frame of n control fields, each {@code 1a 02 0a 00} (a control message with
     * one empty IHAVE). Protobuf merges them; merging by copying was quadratic (160 KB took 4.3 s
     * on a transport thread). The work is measured as bytes this thread allocates, not as time.
     */
    @Test
    void repeatedControlFieldsDecodeInLinearWork() {
        int n = 16_384;
        long once = allocatedDecoding(repeatedControl(n));
        long twice = allocatedDecoding(repeatedControl(2 * n));
        assertTrue(twice < 2.5 * once, "2n fields allocate " + twice + " bytes, n fields " + once);

        byte[] most = repeatedControl(RpcDecoder.MAX_CONTROL_ITEMS);
        Rpc rpc = RpcDecoder.decode(most);
        assertEquals(RpcDecoder.MAX_CONTROL_ITEMS, rpc.control().ihave().size());
        long work = allocatedDecoding(most);
        assertTrue(work < 256L * most.length, "a " + most.length + "-byte frame allocates " + work + " bytes");
    }

    /** A frame of shared publish entries is, byte for byte, the RPC of those messages. */
    @Test
    void aFrameOfSharedPublishEntriesIsTheRpcOfThoseMessages() {
        PubMessage a = new PubMessage(new byte[] {1, 2}, new byte[70_000], new byte[] {0, 0, 0, 1}, "t", null, null);
        PubMessage b = new PubMessage(null, "second".getBytes(java.nio.charset.StandardCharsets.UTF_8), null, "u", new byte[64], null);
        ByteBuf ea = RpcEncoder.encodePublishEntry(a);
        ByteBuf eb = RpcEncoder.encodePublishEntry(b);
        ByteBuf shared = RpcEncoder.publishFrame(UnpooledByteBufAllocator.DEFAULT, List.of(ea, eb));
        ByteBuf fresh = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT, new Rpc(List.of(), List.of(a, b), null, null));
        try {
            assertEquals(fresh, shared);
            assertEquals(2, ea.refCnt(), "the frame holds a reference to the entry, not a copy");
        } finally {
            shared.release();
            fresh.release();
        }
        assertEquals(1, ea.refCnt());
    }

    /**
     * Issue 43 #11: a 1 MiB IHAVE of empty ids decoded to 12 MiB of heap. An RPC past
     * {@link RpcDecoder#MAX_CONTROL_ITEMS} entries and ids is malformed (the connection is closed
     * and counted); one just within holds every empty id as one shared array.
     */
    @Test
    void anRpcOfCountlessEmptyIdsIsMalformedAndOneWithinTheBoundIsSmall() {
        byte[] mebibyteOfEmptyIds = ihaveOfEmptyIds((1 << 20) / 2);
        MalformedRpcException e = assertThrows(MalformedRpcException.class, () -> RpcDecoder.decode(mebibyteOfEmptyIds));
        assertTrue(e.getMessage().contains("more than 65536 control entries and message ids"), e.getMessage());

        List<byte[]> ids = RpcDecoder.decode(ihaveOfEmptyIds(RpcDecoder.MAX_CONTROL_ITEMS - 1)).control().ihave().get(0).messageIds();
        assertEquals(RpcDecoder.MAX_CONTROL_ITEMS - 1, ids.size());
        assertTrue(ids.stream().allMatch(id -> id == ids.get(0)), "every empty id is one array: a list slot each, not an object each");
    }

    /** One control field holding one IHAVE of {@code n} empty ids. */
    private static byte[] ihaveOfEmptyIds(int n) {
        ProtoWriter ihave = new ProtoWriter();
        for (int i = 0; i < n; i++) ihave.writeBytesField(2, new byte[0]);
        ProtoWriter control = new ProtoWriter();
        control.writeBytesField(1, ihave.toByteArray());
        ProtoWriter rpc = new ProtoWriter();
        rpc.writeBytesField(3, control.toByteArray());
        return rpc.toByteArray();
    }

    private static byte[] repeatedControl(int n) {
        byte[] frame = new byte[4 * n];
        for (int i = 0; i < n; i++) System.arraycopy(new byte[] {0x1a, 0x02, 0x0a, 0x00}, 0, frame, 4 * i, 4);
        return frame;
    }

    private static long allocatedDecoding(byte[] frame) {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        RpcDecoder.decode(frame); // warm: class loading and compilation are not the decoder's work
        long before = threads.getThreadAllocatedBytes(id);
        RpcDecoder.decode(frame);
        return threads.getThreadAllocatedBytes(id) - before;
    }
}
