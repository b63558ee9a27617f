package io.gsnode.segmentation.ids;

import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.gsnode.segmentation.codec.GossipEncoding;
import io.gsnode.segmentation.codec.PayloadEncoder;
import io.gsnode.segmentation.codec.ReferenceVectors;
import io.gsnode.segmentation.codec.SegmentEncodingParams;
import io.gsnode.segmentation.codec.Sha256;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PrysmMessageIdTest {
    private static final String TOPIC = ReferenceVectors.TOPIC;

    @Test
    void wholeMessageAndFirstSegmentIdsMatchTheReference() {
        byte[] whole = PayloadEncoder.whole(ReferenceVectors.payload1MiB()).messages().get(0);
        assertEquals(ReferenceVectors.WHOLE_PRYSM_ID, hex(PrysmMessageId.INSTANCE.messageId(TOPIC, whole)));
        byte[] seg0 = PayloadEncoder.segmented(ReferenceVectors.payload1MiB(), SegmentEncodingParams.ofSegmentSize(32768))
                .messages().get(0);
        assertEquals(ReferenceVectors.PLAIN32K_WIRE0_PRYSM_ID, hex(PrysmMessageId.INSTANCE.messageId(TOPIC, seg0)));
    }

    @Test
    void validSnappyIdHashesDomainTopicLengthTopicAndTheDecompressedBody() {
        byte[] data = GossipEncoding.encode("hello".getBytes(StandardCharsets.US_ASCII));
        byte[] body = {4, 0, 0, 0, 'h', 'e', 'l', 'l', 'o'};
        byte[] topic = "t/x".getBytes(StandardCharsets.UTF_8);
        ByteBuffer preimage = ByteBuffer.allocate(4 + 8 + topic.length + body.length).order(ByteOrder.LITTLE_ENDIAN);
        preimage.put(new byte[] {1, 0, 0, 0}).putLong(topic.length).put(topic).put(body);
        assertArrayEquals(Arrays.copyOf(Sha256.hash(preimage.array()), 20), PrysmMessageId.INSTANCE.messageId("t/x", data));
    }

    @Test
    void invalidSnappyIdHashesTheRawDataUnderTheInvalidDomain() {
        byte[] junk = {(byte) 0xff, (byte) 0xff, (byte) 0xff};
        assertEquals("c177e58cc9649eb83cba0b17c5285f9e22a37a79", hex(PrysmMessageId.INSTANCE.messageId(TOPIC, junk)));
    }

    @Test
    void undecodableDataAboveTheMaxPayloadSizeGetsTheFixedInvalidId() {
        byte[] huge = new byte[GossipEncoding.MAX_PAYLOAD_SIZE];
        Arrays.fill(huge, (byte) 0xff); // not snappy: its length header never terminates
        byte[] id = PrysmMessageId.INSTANCE.messageId(TOPIC, huge);
        assertEquals("696e76616c6964" + "00".repeat(13), hex(id)); // "invalid", zero-padded to 20 bytes
    }

    @Test
    void sameBytesOnAnotherTopicGetAnotherId() {
        byte[] data = GossipEncoding.encode(new byte[] {1, 2, 3});
        assertNotEquals(hex(PrysmMessageId.INSTANCE.messageId(TOPIC, data)),
                hex(PrysmMessageId.INSTANCE.messageId(TOPIC + "/0", data)));
        assertEquals(20, PrysmMessageId.INSTANCE.messageId(Topics.BACKGROUND, data).length);
    }
}
