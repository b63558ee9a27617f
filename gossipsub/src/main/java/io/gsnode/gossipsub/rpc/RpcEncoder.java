package io.gsnode.gossipsub.rpc;

import io.gsnode.gossipsub.rpc.ControlMessage.IDontWant;
import io.gsnode.gossipsub.rpc.ControlMessage.IHave;
import io.gsnode.gossipsub.rpc.ControlMessage.IWant;
import io.gsnode.gossipsub.rpc.ControlMessage.PeerInfo;
import io.gsnode.gossipsub.rpc.ControlMessage.Prune;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Encodes RPCs straight into one buffer: sizes are computed first, so a message's data is copied
 * exactly once, from its array into the frame. Fields go out in ascending number, as go writes them.
 */
public final class RpcEncoder {

    private static final int LEN = 2;
    private static final int VARINT = 0;

    private RpcEncoder() {}

    /** {@code uvarint(size) ‖ RPC}, ready for the stream. */
    public static ByteBuf encodeFrame(ByteBufAllocator alloc, Rpc rpc) {
        int body = size(rpc);
        ByteBuf out = alloc.buffer(varintSize(body) + body);
        writeVarint(out, body);
        write(out, rpc);
        return out;
    }

    /**
     * One publish entry of an RPC (tag, length, message), alone: RPCs of publish entries only are
     * their entries one after another, so a message encoded once can go into any number of them
     * ({@link #publishFrame}). On the heap, unpooled: it lives as long as the message is cached,
     * and the garbage collector frees it with the message.
     */
    public static ByteBuf encodePublishEntry(PubMessage m) {
        ByteBuf out = Unpooled.wrappedBuffer(new byte[publishEntrySize(m)]).clear();
        tag(out, 2, LEN);
        writeVarint(out, size(m));
        writeMessage(out, m);
        return out;
    }

    /**
     * {@code uvarint(size) ‖ RPC} for an RPC of the given publish entries ({@link
     * #encodePublishEntry}), sharing their bytes: the frame holds a retained duplicate of each, the
     * bytes exactly as {@link #encodeFrame} writes an RPC of those messages.
     */
    public static ByteBuf publishFrame(ByteBufAllocator alloc, List<ByteBuf> entries) {
        int body = 0;
        for (ByteBuf e : entries) body += e.readableBytes();
        ByteBuf prefix = alloc.buffer(varintSize(body));
        writeVarint(prefix, body);
        CompositeByteBuf frame = alloc.compositeBuffer(entries.size() + 1);
        frame.addComponent(true, prefix);
        for (ByteBuf e : entries) frame.addComponent(true, e.retainedDuplicate());
        return frame;
    }

    /** The size of the RPC's protobuf encoding, without the frame's length prefix. */
    public static int size(Rpc rpc) {
        int n = 0;
        for (SubOpts s : rpc.subscriptions()) n += lenField(1, size(s));
        for (PubMessage m : rpc.publish()) n += publishEntrySize(m);
        if (rpc.control() != null && !rpc.control().isEmpty()) n += controlEntrySize(rpc.control());
        if (rpc.partial() != null) n += partialEntrySize(rpc.partial());
        return n;
    }

    /** Bytes one publish entry takes in an RPC, tag and length included. */
    public static int publishEntrySize(PubMessage m) {
        return lenField(2, size(m));
    }

    /** Bytes the control part takes in an RPC, tag and length included. */
    public static int controlEntrySize(ControlMessage c) {
        return lenField(3, size(c));
    }

    /** Bytes the partial-message part takes in an RPC, tag and length included. */
    public static int partialEntrySize(PartialMessage p) {
        return lenField(10, size(p));
    }

    /** Bytes a subscriptions part takes in an RPC. */
    public static int subscriptionsSize(List<SubOpts> subs) {
        int n = 0;
        for (SubOpts s : subs) n += lenField(1, size(s));
        return n;
    }

    private static void write(ByteBuf out, Rpc rpc) {
        for (SubOpts s : rpc.subscriptions()) {
            tag(out, 1, LEN);
            writeVarint(out, size(s));
            boolField(out, 1, s.subscribe());
            stringField(out, 2, s.topic());
            if (s.requestsPartial() || s.supportsSendingPartial()) {
                boolField(out, 3, s.requestsPartial());
                boolField(out, 4, s.supportsSendingPartial());
            }
        }
        for (PubMessage m : rpc.publish()) {
            tag(out, 2, LEN);
            writeVarint(out, size(m));
            writeMessage(out, m);
        }
        ControlMessage c = rpc.control();
        if (c != null && !c.isEmpty()) {
            tag(out, 3, LEN);
            writeVarint(out, size(c));
            writeControl(out, c);
        }
        PartialMessage p = rpc.partial();
        if (p != null) {
            tag(out, 10, LEN);
            writeVarint(out, size(p));
            if (p.topic() != null) stringField(out, 1, p.topic());
            optionalBytes(out, 2, p.groupId());
            optionalBytes(out, 3, p.partialMessage());
            optionalBytes(out, 4, p.partsMetadata());
        }
    }

    /** One message's own protobuf encoding; StrictSign signs it with signature and key absent. */
    public static byte[] encodeMessage(PubMessage m) {
        byte[] out = new byte[size(m)];
        writeMessage(Unpooled.wrappedBuffer(out).clear(), m);
        return out;
    }

    private static void writeMessage(ByteBuf out, PubMessage m) {
        optionalBytes(out, 1, m.from());
        bytesField(out, 2, m.data());
        optionalBytes(out, 3, m.seqno());
        stringField(out, 4, m.topic());
        optionalBytes(out, 5, m.signature());
        optionalBytes(out, 6, m.key());
    }

    private static void writeControl(ByteBuf out, ControlMessage c) {
        for (IHave h : c.ihave()) {
            tag(out, 1, LEN);
            writeVarint(out, size(h));
            stringField(out, 1, h.topic());
            for (byte[] id : h.messageIds()) bytesField(out, 2, id);
        }
        for (IWant w : c.iwant()) {
            tag(out, 2, LEN);
            writeVarint(out, idsSize(w.messageIds()));
            for (byte[] id : w.messageIds()) bytesField(out, 1, id);
        }
        for (String t : c.graft()) {
            tag(out, 3, LEN);
            writeVarint(out, stringFieldSize(1, t));
            stringField(out, 1, t);
        }
        for (Prune p : c.prune()) {
            tag(out, 4, LEN);
            writeVarint(out, size(p));
            stringField(out, 1, p.topic());
            for (PeerInfo i : p.peers()) {
                tag(out, 2, LEN);
                writeVarint(out, size(i));
                optionalBytes(out, 1, i.peerId());
                optionalBytes(out, 2, i.signedPeerRecord());
            }
            if (p.backoffSeconds() != null) {
                tag(out, 3, VARINT);
                writeVarint(out, p.backoffSeconds());
            }
        }
        for (IDontWant d : c.idontwant()) {
            tag(out, 5, LEN);
            writeVarint(out, idsSize(d.messageIds()));
            for (byte[] id : d.messageIds()) bytesField(out, 1, id);
        }
        if (c.extensions() != null) {
            tag(out, 6, LEN);
            writeVarint(out, c.extensions().partialMessages() ? 2 : 0);
            if (c.extensions().partialMessages()) boolField(out, 10, true);
        }
    }

    private static int size(SubOpts s) {
        int n = 2 + stringFieldSize(2, s.topic());
        if (s.requestsPartial() || s.supportsSendingPartial()) n += 4;
        return n;
    }

    private static int size(PubMessage m) {
        return optionalSize(1, m.from()) + bytesFieldSize(2, m.data()) + optionalSize(3, m.seqno())
                + stringFieldSize(4, m.topic()) + optionalSize(5, m.signature()) + optionalSize(6, m.key());
    }

    private static int size(ControlMessage c) {
        int n = 0;
        for (IHave h : c.ihave()) n += lenField(1, size(h));
        for (IWant w : c.iwant()) n += lenField(2, idsSize(w.messageIds()));
        for (String t : c.graft()) n += lenField(3, stringFieldSize(1, t));
        for (Prune p : c.prune()) n += lenField(4, size(p));
        for (IDontWant d : c.idontwant()) n += lenField(5, idsSize(d.messageIds()));
        if (c.extensions() != null) n += lenField(6, c.extensions().partialMessages() ? 2 : 0);
        return n;
    }

    private static int size(IHave h) {
        return stringFieldSize(1, h.topic()) + idsSize(h.messageIds());
    }

    private static int size(Prune p) {
        int n = stringFieldSize(1, p.topic());
        for (PeerInfo i : p.peers()) n += lenField(2, size(i));
        if (p.backoffSeconds() != null) n += 1 + varintSize(p.backoffSeconds());
        return n;
    }

    private static int size(PeerInfo i) {
        return optionalSize(1, i.peerId()) + optionalSize(2, i.signedPeerRecord());
    }

    private static int size(PartialMessage p) {
        return (p.topic() == null ? 0 : stringFieldSize(1, p.topic())) + optionalSize(2, p.groupId())
                + optionalSize(3, p.partialMessage()) + optionalSize(4, p.partsMetadata());
    }

    private static int idsSize(List<byte[]> ids) {
        int n = 0;
        for (byte[] id : ids) n += bytesFieldSize(1, id);
        return n;
    }

    // Field numbers used here are all below 16, so every tag is one byte.

    private static int lenField(int field, int length) {
        return 1 + varintSize(length) + length;
    }

    private static int bytesFieldSize(int field, byte[] value) {
        return lenField(field, value.length);
    }

    private static int optionalSize(int field, byte[] value) {
        return value == null ? 0 : bytesFieldSize(field, value);
    }

    private static int stringFieldSize(int field, String value) {
        return lenField(field, utf8Length(value));
    }

    private static void tag(ByteBuf out, int field, int wireType) {
        out.writeByte((field << 3) | wireType);
    }

    private static void boolField(ByteBuf out, int field, boolean value) {
        tag(out, field, VARINT);
        out.writeByte(value ? 1 : 0);
    }

    private static void bytesField(ByteBuf out, int field, byte[] value) {
        tag(out, field, LEN);
        writeVarint(out, value.length);
        out.writeBytes(value);
    }

    private static void optionalBytes(ByteBuf out, int field, byte[] value) {
        if (value != null) bytesField(out, field, value);
    }

    private static void stringField(ByteBuf out, int field, String value) {
        tag(out, field, LEN);
        if (isAscii(value)) {
            writeVarint(out, value.length());
            out.writeCharSequence(value, StandardCharsets.US_ASCII);
        } else {
            byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
            writeVarint(out, utf8.length);
            out.writeBytes(utf8);
        }
    }

    private static int utf8Length(String s) {
        return isAscii(s) ? s.length() : s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Topics are nearly always ASCII; this avoids encoding them twice to learn their length. */
    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) return false;
        }
        return true;
    }

    static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            n++;
            v >>>= 7;
        }
        return n;
    }

    private static void writeVarint(ByteBuf out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.writeByte((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.writeByte((int) v);
    }
}
