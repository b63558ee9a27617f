package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.MerkleTreeTest.assertReason;
import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static io.gsnode.segmentation.codec.ReferenceVectors.unhex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.gsnode.segmentation.codec.SegmentException.Reason;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SegmentDescriptorTest {
    private static final byte[] ROOT = unhex(ReferenceVectors.PLAIN32K_ROOT);

    private static SegmentDescriptor plain32k() {
        return SegmentDescriptor.of(1, 0, 32, 32768, 1 << 20, ROOT);
    }

    @Test
    void canonicalFormIsFiftyLittleEndianBytes() {
        byte[] c = plain32k().canonical();
        assertEquals(50, c.length);
        assertEquals(ReferenceVectors.PLAIN32K_DESCRIPTOR, hex(c));
        assertEquals(1, c[0]); // version
        assertEquals(0, c[1]); // hash id
        assertEquals("20000000", hex(Arrays.copyOfRange(c, 2, 6))); // count 32
        assertEquals("00800000", hex(Arrays.copyOfRange(c, 6, 10))); // segment size 32768
        assertEquals("0000100000000000", hex(Arrays.copyOfRange(c, 10, 18))); // total 1 MiB
        assertArrayEquals(ROOT, Arrays.copyOfRange(c, 18, 50));
    }

    @Test
    void groupIdIsSha256OfTwoThenTheCanonicalForm() {
        SegmentDescriptor d = plain32k();
        assertEquals(ReferenceVectors.PLAIN32K_GROUP, hex(d.groupId()));
        assertArrayEquals(Sha256.hash(MerkleTreeTest.cat(new byte[] {2}, d.canonical())), d.groupId());
    }

    @Test
    void readParsesWhatWriteToWroteAndAdvancesFiftyBytes() throws Exception {
        ByteBuffer b = ByteBuffer.allocate(60);
        plain32k().writeTo(b);
        b.flip();
        SegmentDescriptor d = SegmentDescriptor.read(b);
        assertEquals(plain32k(), d);
        assertEquals(50, b.position());
    }

    @Test
    void readRejectsShortInputAndUnknownHash() {
        byte[] c = plain32k().canonical();
        assertReason(Reason.SHORT_BUFFER, () -> SegmentDescriptor.read(ByteBuffer.wrap(c, 0, 49)));
        assertReason(Reason.SHORT_BUFFER, () -> SegmentDescriptor.read(ByteBuffer.wrap(c, 0, 1)));
        c[1] = SegmentDescriptor.HASH_KECCAK256;
        assertReason(Reason.UNKNOWN_HASH_ID, () -> SegmentDescriptor.read(ByteBuffer.wrap(c)));
    }

    @Test
    void validDescriptorsPass() {
        assertDoesNotThrow(() -> plain32k().validate());
        assertDoesNotThrow(() -> SegmentDescriptor.of(2, 0, 64, 32768, 1 << 20, ROOT).validate());
        assertDoesNotThrow(() -> SegmentDescriptor.of(2, 0, 256, 16, 3000, ROOT).validate());
        assertDoesNotThrow(() -> SegmentDescriptor.of(1, 0, 16384, 16384, 256 << 20, ROOT).validate());
    }

    @Test
    void validationNamesEachBrokenRule() {
        assertReason(Reason.DESCRIPTOR_MISMATCH, () -> SegmentDescriptor.of(3, 0, 32, 32768, 1 << 20, ROOT).validate());
        assertReason(Reason.UNKNOWN_HASH_ID, () -> SegmentDescriptor.of(1, 1, 32, 32768, 1 << 20, ROOT).validate());
        assertReason(Reason.TOO_MANY_SEGMENTS, () -> SegmentDescriptor.of(1, 0, 0, 32768, 1 << 20, ROOT).validate());
        assertReason(Reason.TOO_MANY_SEGMENTS, () -> SegmentDescriptor.of(1, 0, 16385, 1, 16385, ROOT).validate());
        assertReason(Reason.TOO_MANY_SEGMENTS, () -> SegmentDescriptor.of(1, 0, -1, 1, 16385, ROOT).validate());
        assertReason(Reason.SEGMENT_SIZE, () -> SegmentDescriptor.of(1, 0, 1, 0, 1, ROOT).validate());
        assertReason(Reason.SEGMENT_SIZE, () -> SegmentDescriptor.of(1, 0, 1, (1 << 20) + 1, 1, ROOT).validate());
        assertReason(Reason.TOTAL_LENGTH, () -> SegmentDescriptor.of(1, 0, 1, 1, 0, ROOT).validate());
        assertReason(Reason.TOTAL_LENGTH, () -> SegmentDescriptor.of(1, 0, 16384, 1 << 20, (256L << 20) + 1, ROOT).validate());
        assertReason(Reason.TOTAL_LENGTH, () -> SegmentDescriptor.of(1, 0, 1, 1, -1L, ROOT).validate());
        // Plain: count must be exactly ceil(total / size).
        assertReason(Reason.DESCRIPTOR_MISMATCH, () -> SegmentDescriptor.of(1, 0, 33, 32768, 1 << 20, ROOT).validate());
        assertReason(Reason.DESCRIPTOR_MISMATCH, () -> SegmentDescriptor.of(1, 0, 31, 32768, 1 << 20, ROOT).validate());
        // Coded: count must exceed ceil(total / size) and stay within 256.
        assertReason(Reason.DESCRIPTOR_MISMATCH, () -> SegmentDescriptor.of(2, 0, 32, 32768, 1 << 20, ROOT).validate());
        assertReason(Reason.DESCRIPTOR_MISMATCH, () -> SegmentDescriptor.of(2, 0, 257, 16, 3000, ROOT).validate());
    }

    @Test
    void requiredAndSegmentLengthFollowTheLastSystematicSegment() {
        SegmentDescriptor plain = SegmentDescriptor.of(1, 0, 7, 16, 100, ROOT);
        assertEquals(7, plain.required());
        assertEquals(16, plain.segmentLength(0));
        assertEquals(4, plain.segmentLength(6));
        assertEquals(0, plain.parity());

        SegmentDescriptor coded = SegmentDescriptor.of(2, 0, 10, 16, 100, ROOT);
        assertEquals(7, coded.required());
        assertEquals(3, coded.parity());
        assertEquals(4, coded.segmentLength(6)); // last systematic: short on the wire
        assertEquals(16, coded.segmentLength(7)); // parity: always full
        assertEquals(16, coded.segmentLength(9));
    }

    @Test
    void equalityIsOverTheCanonicalBytes() {
        assertEquals(plain32k(), plain32k());
        assertEquals(plain32k().hashCode(), plain32k().hashCode());
        assertNotEquals(plain32k(), SegmentDescriptor.of(1, 0, 32, 32768, (1 << 20) - 1, ROOT));
    }
}
