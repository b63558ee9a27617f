package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.ReferenceVectors.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class GossipEncodingTest {
    @Test
    void wholeMessageIsSszOffsetFourThenThePayloadSnappyCompressedLikeGo() throws Exception {
        byte[] payload = ReferenceVectors.payload1MiB();
        byte[] wire = GossipEncoding.encode(payload);
        assertEquals(ReferenceVectors.WHOLE_LENGTH, wire.length); // docs/arms.md §16: ≈ 746 KB
        assertEquals(ReferenceVectors.WHOLE_SHA256, sha256(wire));

        byte[] body = GossipEncoding.decodeBody(wire);
        assertEquals(4 + payload.length, body.length);
        assertArrayEquals(new byte[] {4, 0, 0, 0}, Arrays.copyOf(body, 4));
        ByteBuffer field = GossipEncoding.decode(wire);
        assertTrue(field.isReadOnly());
        assertEquals(ByteBuffer.wrap(payload), field);
    }

    @Test
    void emptyFieldIsJustTheOffset() throws Exception {
        byte[] wire = GossipEncoding.encode(new byte[0]);
        assertArrayEquals(new byte[] {4, 0, 0, 0}, GossipEncoding.decodeBody(wire));
        assertEquals(0, GossipEncoding.decode(wire).remaining());
    }

    @Test
    void bodyWithAnotherOffsetOrTooShortIsNotASingleFieldContainer() {
        assertFalse(GossipEncoding.hasSingleFieldOffset(new byte[] {8, 0, 0, 0, 1}));
        assertFalse(GossipEncoding.hasSingleFieldOffset(new byte[] {4, 0, 0}));
        assertFalse(GossipEncoding.hasSingleFieldOffset(new byte[] {4, 0, 0, 1}));
        assertThrows(GossipDecodeException.class, () -> GossipEncoding.field(new byte[] {8, 0, 0, 0}));
        assertThrows(GossipDecodeException.class, () -> GossipEncoding.field(new byte[] {4, 0}));
        assertThrows(GossipDecodeException.class,
                () -> GossipEncoding.decode(SnappyBlock.compress(new byte[] {5, 0, 0, 0, 9})));
    }

    @Test
    void fieldAboveTheTenMiBMaxPayloadSizeIsRefusedAtEncode() {
        assertThrows(IllegalArgumentException.class,
                () -> GossipEncoding.encode(new byte[GossipEncoding.MAX_PAYLOAD_SIZE - 3]));
        // The largest field that fits still encodes.
        byte[] wire = GossipEncoding.encode(new byte[GossipEncoding.MAX_PAYLOAD_SIZE - 4]);
        assertTrue(wire.length > 0);
    }

    @Test
    void decodingRefusesABodyAboveTheMaxPayloadSize() {
        byte[] tooBig = SnappyBlock.compress(new byte[GossipEncoding.MAX_PAYLOAD_SIZE + 1]);
        assertThrows(GossipDecodeException.class, () -> GossipEncoding.decodeBody(tooBig));
    }
}
