package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.MerkleTreeTest.assertReason;
import static io.gsnode.segmentation.codec.ReferenceVectors.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.segmentation.codec.SegmentException.Reason;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SegmentMessageTest {
    private static SegmentGroup plain32k() {
        return SegmentCodec.plain(ReferenceVectors.payload1MiB(), 32768);
    }

    @Test
    void thirtyTwoKiBSegmentOfAThirtyTwoSegmentGroupIs32987Bytes() {
        SegmentMessage m = plain32k().messages().get(0);
        // docs/arms.md §3.4: 50 + 4 + 1 + 160 + 4 + 32768.
        assertEquals(32987, m.encodedLength());
        assertEquals(32987, m.encode().length);
        assertEquals(5, m.proofCount());
    }

    @Test
    void layoutIsDescriptorIndexProofCountProofsDataLengthData() {
        SegmentGroup g = plain32k();
        SegmentMessage m = g.messages().get(31);
        byte[] e = m.encode();
        ByteBuffer b = ByteBuffer.wrap(e).order(ByteOrder.LITTLE_ENDIAN);
        assertArrayEquals(g.descriptor().canonical(), Arrays.copyOfRange(e, 0, 50));
        assertEquals(31, b.getInt(50));
        assertEquals(5, e[54]);
        assertArrayEquals(m.proof(), Arrays.copyOfRange(e, 55, 55 + 160));
        assertEquals(32768, b.getInt(215));
        assertEquals(m.data(), ByteBuffer.wrap(e, 219, 32768));
        assertEquals(ReferenceVectors.PLAIN32K_MSG31_SHA256, sha256(e));
        assertEquals(ReferenceVectors.PLAIN32K_MSG0_SHA256, sha256(g.messages().get(0).encode()));
    }

    @Test
    void decodeRoundTripsAndSharesTheInputsBytes() throws Exception {
        SegmentMessage m = plain32k().messages().get(7);
        byte[] e = m.encode();
        SegmentMessage d = SegmentMessage.decode(e);
        assertEquals(m.descriptor(), d.descriptor());
        assertEquals(7, d.index());
        assertArrayEquals(m.proof(), d.proof());
        assertEquals(m.data(), d.data());
        assertTrue(d.data().isReadOnly());
        assertArrayEquals(e, d.encode());
        assertDoesNotThrow(d::verify);
        // Same through a ByteBuffer window in a larger array.
        byte[] framed = new byte[e.length + 10];
        System.arraycopy(e, 0, framed, 5, e.length);
        assertArrayEquals(e, SegmentMessage.decode(ByteBuffer.wrap(framed, 5, e.length)).encode());
    }

    @Test
    void everyTruncationIsRejectedAndATrailingByteToo() {
        SegmentGroup g = SegmentCodec.plain(PayloadGenerator.mainnetLike(100, 3), 16);
        byte[] e = g.messages().get(6).encode();
        for (int len = 0; len < e.length; len++) {
            byte[] cut = Arrays.copyOf(e, len);
            SegmentException ex = assertThrows(SegmentException.class, () -> SegmentMessage.decode(cut), "length " + len);
            assertEquals(Reason.SHORT_BUFFER, ex.reason(), "length " + len + ": " + ex.getMessage());
        }
        assertReason(Reason.TRAILING_BYTES, () -> SegmentMessage.decode(Arrays.copyOf(e, e.length + 1)));
    }

    @Test
    void decodeBoundsProofCountAndDataLengthBeforeAllocating() {
        byte[] e = SegmentCodec.plain(new byte[40], 16).messages().get(0).encode();
        byte[] many = e.clone();
        many[54] = 15;
        assertReason(Reason.PROOF_COUNT, () -> SegmentMessage.decode(many));
        byte[] huge = e.clone();
        int dataLenAt = 55 + 2 * 32;
        ByteBuffer.wrap(huge).order(ByteOrder.LITTLE_ENDIAN).putInt(dataLenAt, (1 << 20) + 1);
        assertReason(Reason.SEGMENT_SIZE, () -> SegmentMessage.decode(huge));
        ByteBuffer.wrap(huge).order(ByteOrder.LITTLE_ENDIAN).putInt(dataLenAt, -1);
        assertReason(Reason.SEGMENT_SIZE, () -> SegmentMessage.decode(huge));
        byte[] keccak = e.clone();
        keccak[1] = 1;
        assertReason(Reason.UNKNOWN_HASH_ID, () -> SegmentMessage.decode(keccak));
    }

    @Test
    void tamperedSegmentIsRejectedByItsProof() throws Exception {
        byte[] e = plain32k().messages().get(3).encode();
        e[e.length - 1] ^= (byte) 0xff;
        SegmentMessage tampered = SegmentMessage.decode(e);
        assertReason(Reason.ROOT_MISMATCH, tampered::verify);
    }

    @Test
    void segmentClaimingAnotherIndexIsRejected() throws Exception {
        byte[] e = plain32k().messages().get(3).encode();
        ByteBuffer.wrap(e).order(ByteOrder.LITTLE_ENDIAN).putInt(50, 4);
        assertReason(Reason.ROOT_MISMATCH, SegmentMessage.decode(e)::verify);
        ByteBuffer.wrap(e).order(ByteOrder.LITTLE_ENDIAN).putInt(50, 32);
        assertReason(Reason.INDEX_OUT_OF_RANGE, SegmentMessage.decode(e)::verify);
    }

    @Test
    void segmentOfTheWrongLengthIsRejectedEvenWithAGoodProof() {
        SegmentGroup g = SegmentCodec.plain(PayloadGenerator.mainnetLike(100, 3), 16);
        SegmentMessage last = g.messages().get(6);
        byte[] longer = Arrays.copyOf(bytes(last.data()), 16);
        SegmentMessage forged = SegmentMessage.of(last.descriptor(), 6, last.proof(), longer);
        assertReason(Reason.SEGMENT_LENGTH, forged::verify);
    }

    @Test
    void invalidDescriptorFailsVerification() {
        SegmentMessage m = SegmentCodec.plain(new byte[40], 16).messages().get(0);
        SegmentDescriptor bad = SegmentDescriptor.of(1, 0, 4, 16, 40, m.descriptor().root());
        assertReason(Reason.DESCRIPTOR_MISMATCH, SegmentMessage.of(bad, 0, m.proof(), bytes(m.data()))::verify);
    }

    @Test
    void everySegmentOfPlainAndCodedGroupsVerifies() {
        for (SegmentGroup g : new SegmentGroup[] {plain32k(), SegmentCodec.coded(PayloadGenerator.mainnetLike(100, 3), 16, 3)}) {
            for (SegmentMessage m : g.messages()) {
                assertDoesNotThrow(() -> SegmentMessage.decode(m.encode()).verify(), m.toString());
            }
        }
    }

    @Test
    void proofDepthAboveFourteenCannotBeBuilt() {
        SegmentDescriptor d = SegmentCodec.plain(new byte[40], 16).descriptor();
        assertThrows(IllegalArgumentException.class, () -> SegmentMessage.of(d, 0, new byte[15 * 32], new byte[16]));
    }

    @Test
    void mutatedEncodingsDecodeOrAreRejectedButNeverThrowAnythingElse() {
        long seed = 7;
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] base = SegmentCodec.coded(PayloadGenerator.mainnetLike(100, 3), 16, 3).messages().get(8).encode();
        for (int trial = 0; trial < 20_000; trial++) {
            byte[] m = base.clone();
            for (int e = 1 + rnd.nextInt(4); e > 0; e--) {
                m[rnd.nextInt(m.length)] = (byte) rnd.nextInt();
            }
            try {
                SegmentMessage.decode(m).verify();
            } catch (SegmentException expected) {
                // rejected: fine
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + " trial " + trial + " threw " + e, e);
            }
        }
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
