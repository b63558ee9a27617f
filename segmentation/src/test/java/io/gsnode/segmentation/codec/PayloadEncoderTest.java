package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.ReferenceVectors.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PayloadEncoderTest {
    @Test
    void wholeMessageIsOneMessageNeedOneUnitZero() {
        GossipMessageSet whole = PayloadEncoder.whole(ReferenceVectors.payload1MiB());
        assertEquals(1, whole.size());
        assertEquals(1, whole.need());
        assertEquals(0, whole.unit());
        assertNull(whole.group());
        assertEquals(ReferenceVectors.WHOLE_LENGTH, whole.totalBytes());
        assertEquals(ReferenceVectors.WHOLE_SHA256, sha256(whole.messages().get(0)));
    }

    @Test
    void plainThirtyTwoKiBSegmentsMatchTheReferenceWireBytes() {
        GossipMessageSet set = PayloadEncoder.segmented(ReferenceVectors.payload1MiB(), SegmentEncodingParams.ofSegmentSize(32768));
        assertEquals(32, set.size());
        assertEquals(32, set.need());
        assertEquals(32768, set.unit());
        assertEquals(ReferenceVectors.PLAIN32K_WIRE0_LENGTH, set.messages().get(0).length);
        assertEquals(ReferenceVectors.PLAIN32K_WIRE0_SHA256, sha256(set.messages().get(0)));
        assertEquals(ReferenceVectors.PLAIN32K_WIRE_TOTAL, set.totalBytes());
        assertEquals(ReferenceVectors.PLAIN32K_WIRE_MAX, set.maxBytes());
        // docs/arms.md §16: a 32 KiB plain segment is ≈ 33 KB raw and ≈ 24 KB compressed.
        assertTrue(set.maxBytes() > 23_000 && set.maxBytes() < 25_000);
        GossipMessageSet k64 = PayloadEncoder.segmented(ReferenceVectors.payload1MiB(), SegmentEncodingParams.ofSegmentSize(16384));
        assertEquals(ReferenceVectors.PLAIN16K_WIRE_TOTAL, k64.totalBytes());
    }

    @Test
    void structuredIdsPrependTheEightyOneBytePrefixInsideTheSszField() throws Exception {
        GossipMessageSet set = PayloadEncoder.segmented(ReferenceVectors.payload1MiB(),
                SegmentEncodingParams.ofSegmentSize(32768).withStructuredIds(true));
        assertEquals(ReferenceVectors.PLAIN32K_STRUCTURED_WIRE0_LENGTH, set.messages().get(0).length);
        assertEquals(ReferenceVectors.PLAIN32K_STRUCTURED_WIRE0_SHA256, sha256(set.messages().get(0)));
        assertEquals(ReferenceVectors.PLAIN32K_STRUCTURED_TOTAL, set.totalBytes());

        for (int i = 0; i < set.size(); i++) {
            ByteBuffer field = GossipEncoding.decode(set.messages().get(i));
            byte[] bytes = new byte[field.remaining()];
            field.get(bytes);
            SegmentIdPrefix prefix = SegmentIdPrefix.parse(bytes).orElseThrow();
            assertEquals(CellBlockRoot.SYNTHETIC_SLOT, prefix.slot());
            assertArrayEquals(set.group().groupId(), prefix.groupId());
            assertEquals(i, prefix.index());
            SegmentMessage m = SegmentMessage.decode(ByteBuffer.wrap(bytes, 81, bytes.length - 81));
            m.verify();
            assertEquals(i, m.index());
        }
    }

    @Test
    void codedGroupPublishesSystematicThenParityAndCompletesWithK() throws Exception {
        GossipMessageSet set = PayloadEncoder.segmented(ReferenceVectors.payload1MiB(),
                SegmentEncodingParams.ofSegmentSize(32768).withParity(32).withStructuredIds(true));
        assertEquals(64, set.size());
        assertEquals(32, set.need());
        assertEquals(ReferenceVectors.CODED32_STRUCTURED_TOTAL, set.totalBytes());
        // docs/arms.md §16: parity shards do not compress.
        for (int i = 32; i < 64; i++) {
            assertTrue(set.messages().get(i).length > 32768, "parity message " + i);
        }
        // A receiver holding any 32 decodes the payload.
        List<SegmentMessage> received = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            if (i % 2 == 1) {
                ByteBuffer field = GossipEncoding.decode(set.messages().get(i));
                field.position(field.position() + SegmentIdPrefix.LENGTH);
                SegmentMessage m = SegmentMessage.decode(field);
                m.verify();
                received.add(m);
            } else {
                received.add(null);
            }
        }
        assertArrayEquals(ReferenceVectors.payload1MiB(), SegmentCodec.recover(set.group().descriptor(), received));
    }

    @Test
    void slotOfTheParamsIsTheSlotThePrefixesClaim() throws Exception {
        GossipMessageSet warm = PayloadEncoder.segmented(PayloadGenerator.mainnetLike(4096, PayloadGenerator.WARMUP_SEED),
                SegmentEncodingParams.ofSegmentSize(1024).withStructuredIds(true).withSlot(CellBlockRoot.WARMUP_SLOT));
        ByteBuffer field = GossipEncoding.decode(warm.messages().get(0));
        byte[] bytes = new byte[SegmentIdPrefix.LENGTH];
        field.get(bytes);
        SegmentIdPrefix p = SegmentIdPrefix.parse(bytes).orElseThrow();
        assertEquals(CellBlockRoot.WARMUP_SLOT, p.slot());
        assertArrayEquals(CellBlockRoot.of(CellBlockRoot.WARMUP_SLOT), p.blockRoot());
    }

    @Test
    void paramsRejectAnArmWithNeitherUnitNorCountAndOutOfRangeValues() {
        assertThrows(IllegalArgumentException.class, () -> new SegmentEncodingParams(0, 0, 0, false, false, 2048));
        assertThrows(IllegalArgumentException.class, () -> SegmentEncodingParams.ofSegmentSize((1 << 20) + 1));
        assertThrows(IllegalArgumentException.class, () -> SegmentEncodingParams.ofFixedCount(16385));
        assertThrows(IllegalArgumentException.class, () -> SegmentEncodingParams.ofSegmentSize(16).withParity(-1));
        assertThrows(IllegalArgumentException.class, () -> SegmentEncodingParams.ofSegmentSize(16).withParity(256));
        // Fixed count wins over a size, as in the reference.
        assertEquals(100, new SegmentEncodingParams(32768, 10, 0, false, false, 2048).segmentSizeFor(1000));
    }
}
