package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static io.gsnode.segmentation.codec.ReferenceVectors.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CompressFirstTest {
    @Test
    void compressedPayloadIsGosSnappyEncodeOfTheRawPayload() throws Exception {
        byte[] c = CompressFirst.compress(ReferenceVectors.payload1MiB());
        assertEquals(ReferenceVectors.PAYLOAD_1MIB_SNAPPY_LENGTH, c.length);
        assertEquals(ReferenceVectors.PAYLOAD_1MIB_SNAPPY_SHA256, sha256(c));
        assertArrayEquals(ReferenceVectors.payload1MiB(), SnappyBlock.decompress(c, 2 << 20));
    }

    @Test
    void unitIsTheCompressedLengthOverTheFixedCountRoundedUp() {
        // docs/arms.md §3.6: ≈ 11.7 KB for P = 1 MiB, K' = 64 (exact value depends on the snappy output).
        assertEquals(ReferenceVectors.CF64_UNIT, CompressFirst.segmentSizeForCount(746262, 64));
        assertEquals(ReferenceVectors.CF32_UNIT, CompressFirst.segmentSizeForCount(746262, 32));
    }

    @Test
    void fixedCountCanYieldFewerSegmentsThanAskedForSmallLengths() {
        int size = CompressFirst.segmentSizeForCount(9, 4);
        assertEquals(3, size);
        assertEquals(3, SegmentCodec.segmentCount(9, size));
        assertThrows(IllegalArgumentException.class, () -> CompressFirst.segmentSizeForCount(0, 4));
        assertThrows(IllegalArgumentException.class, () -> CompressFirst.segmentSizeForCount(9, 0));
    }

    @Test
    void compressFirstCodedGroupsMatchTheReference() {
        byte[] payload = ReferenceVectors.payload1MiB();
        GossipMessageSet k32 = PayloadEncoder.segmented(payload,
                SegmentEncodingParams.ofFixedCount(32).withParity(32).withCompressFirst(true).withStructuredIds(true));
        assertEquals(64, k32.size());
        assertEquals(32, k32.need());
        assertEquals(ReferenceVectors.CF32_UNIT, k32.unit());
        assertEquals(ReferenceVectors.CF32_GROUP, hex(k32.group().groupId()));
        assertEquals(ReferenceVectors.CF32_TOTAL, k32.totalBytes());

        GossipMessageSet k64 = PayloadEncoder.segmented(payload,
                SegmentEncodingParams.ofFixedCount(64).withParity(64).withCompressFirst(true).withStructuredIds(true));
        assertEquals(128, k64.size());
        assertEquals(64, k64.need());
        assertEquals(ReferenceVectors.CF64_UNIT, k64.unit());
        assertEquals(ReferenceVectors.CF64_GROUP, hex(k64.group().groupId()));
        assertEquals(ReferenceVectors.CF64_TOTAL, k64.totalBytes());
    }

    @Test
    void compressFirstSegmentsBarelyCompressOnTheWire() {
        GossipMessageSet set = PayloadEncoder.segmented(ReferenceVectors.payload1MiB(),
                SegmentEncodingParams.ofFixedCount(32).withParity(32).withCompressFirst(true));
        for (int i = 0; i < set.size(); i++) {
            SegmentMessage m = set.group().messages().get(i);
            assertTrue(set.messages().get(i).length >= m.encodedLength() * 0.99, "message " + i);
        }
    }
}
