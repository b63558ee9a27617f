package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.MerkleTreeTest.assertReason;
import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static io.gsnode.segmentation.codec.ReferenceVectors.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gsnode.segmentation.codec.SegmentException.Reason;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SegmentCodecTest {
    @Test
    void plainGroupsMatchTheReferenceRootsAndGroupIds() {
        SegmentGroup g32 = SegmentCodec.plain(ReferenceVectors.payload1MiB(), 32768);
        assertEquals(32, g32.messages().size());
        assertEquals(ReferenceVectors.PLAIN32K_ROOT, hex(g32.descriptor().root()));
        assertEquals(ReferenceVectors.PLAIN32K_GROUP, hex(g32.groupId()));
        SegmentGroup g16 = SegmentCodec.plain(ReferenceVectors.payload1MiB(), 16384);
        assertEquals(64, g16.messages().size());
        assertEquals(6, g16.messages().get(0).proofCount());
        assertEquals(ReferenceVectors.PLAIN16K_ROOT, hex(g16.descriptor().root()));
        assertEquals(ReferenceVectors.PLAIN16K_GROUP, hex(g16.groupId()));
    }

    @Test
    void plainGroupJoinsBackToTheMessageIncludingAShortLastSegment() throws Exception {
        for (int length : new int[] {1, 15, 16, 17, 100, 4096, 100_003}) {
            byte[] msg = PayloadGenerator.mainnetLike(length, length);
            SegmentGroup g = SegmentCodec.plain(msg, 16);
            assertEquals((length + 15) / 16, g.messages().size());
            List<SegmentMessage> received = new ArrayList<>();
            for (SegmentMessage m : g.messages()) {
                SegmentMessage d = SegmentMessage.decode(m.encode());
                d.verify();
                received.add(d);
            }
            assertArrayEquals(msg, SegmentCodec.join(g.descriptor(), received), "length " + length);
        }
    }

    @Test
    void joinRefusesMissingSegmentsAndCodedGroups() {
        SegmentGroup g = SegmentCodec.plain(new byte[100], 16);
        List<SegmentMessage> missing = new ArrayList<>(g.messages());
        missing.set(3, null);
        assertReason(Reason.INCOMPLETE_SEGMENTS, () -> SegmentCodec.join(g.descriptor(), missing));
        assertReason(Reason.INCOMPLETE_SEGMENTS, () -> SegmentCodec.join(g.descriptor(), g.messages().subList(0, 6)));
        SegmentGroup c = SegmentCodec.coded(new byte[100], 16, 2);
        assertReason(Reason.DESCRIPTOR_MISMATCH, () -> SegmentCodec.join(c.descriptor(), c.messages()));
    }

    @Test
    void codedGroupMatchesTheReference() {
        SegmentGroup g = SegmentCodec.coded(ReferenceVectors.payload1MiB(), 32768, 32);
        SegmentDescriptor d = g.descriptor();
        assertEquals(2, d.version());
        assertEquals(64, d.count());
        assertEquals(32, d.required());
        assertEquals(ReferenceVectors.CODED32_ROOT, hex(d.root()));
        assertEquals(ReferenceVectors.CODED32_GROUP, hex(g.groupId()));
        assertEquals(ReferenceVectors.CODED32_PARITY0_SHA256, sha256(bytes(g.messages().get(32).data())));
        assertEquals(ReferenceVectors.CODED32_PARITY31_SHA256, sha256(bytes(g.messages().get(63).data())));
        assertEquals(33019, g.messages().get(63).encodedLength());
        // The systematic half is the plain split, unchanged.
        SegmentGroup plain = SegmentCodec.plain(ReferenceVectors.payload1MiB(), 32768);
        for (int i = 0; i < 32; i++) {
            assertEquals(plain.messages().get(i).data(), g.messages().get(i).data());
        }
    }

    @Test
    void smallOddLengthCodedGroupPadsTheLastSystematicShardForCodingOnly() {
        SegmentGroup g = SegmentCodec.coded(PayloadGenerator.mainnetLike(100, 3), 16, 3);
        assertEquals(ReferenceVectors.SMALL_CODED_ROOT, hex(g.descriptor().root()));
        assertEquals(4, g.messages().get(6).dataLength());
        for (int r = 0; r < 3; r++) {
            assertEquals(ReferenceVectors.SMALL_CODED_PARITY[r], hex(bytes(g.messages().get(7 + r).data())));
        }
    }

    @Test
    void recoversFromEveryErasurePatternOfASmallGroup() throws Exception {
        byte[] msg = PayloadGenerator.highEntropy(70, 9);
        SegmentGroup g = SegmentCodec.coded(msg, 16, 4); // k = 5 (last 6 bytes), n = 9
        int n = 9;
        for (int mask = 0; mask < 1 << n; mask++) {
            List<SegmentMessage> present = subset(g, mask);
            if (Integer.bitCount(mask) < 5) {
                assertReason(Reason.NOT_ENOUGH_SEGMENTS, () -> SegmentCodec.recover(g.descriptor(), present));
            } else {
                assertArrayEquals(msg, SegmentCodec.recover(g.descriptor(), present), "present " + Integer.toBinaryString(mask));
            }
        }
    }

    @Test
    void recoversTheOneMiBPayloadFromRandomHalvesOfTheThirtyTwoPlusThirtyTwoGroup() throws Exception {
        byte[] payload = ReferenceVectors.payload1MiB();
        SegmentGroup g = SegmentCodec.coded(payload, 32768, 32);
        long seed = 0x5E6D;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int trial = 0; trial < 12; trial++) {
            long mask = 0;
            int want = 32 + rnd.nextInt(4);
            while (Long.bitCount(mask) < want) {
                mask |= 1L << rnd.nextInt(64);
            }
            if (trial == 0) {
                mask = 0xFFFFFFFF00000000L; // parity only
            }
            List<SegmentMessage> present = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                present.add((mask & 1L << i) != 0 ? SegmentMessage.decode(g.messages().get(i).encode()) : null);
            }
            assertArrayEquals(payload, SegmentCodec.recover(g.descriptor(), present),
                    "seed " + seed + " trial " + trial + " mask " + Long.toHexString(mask));
        }
    }

    @Test
    void committedSegmentsThatAreNotACodewordAreRejected() throws Exception {
        // A dishonest builder commits a parity segment that is not the code's: the root is
        // consistent, every proof verifies, but subsets containing it decode to something else.
        byte[] msg = PayloadGenerator.highEntropy(64, 4);
        SegmentGroup honest = SegmentCodec.coded(msg, 16, 2); // k = 4, n = 6
        List<ByteBuffer> leaves = new ArrayList<>();
        for (SegmentMessage m : honest.messages()) {
            leaves.add(m.data());
        }
        byte[] bad = bytes(leaves.get(4));
        bad[0] ^= 1;
        leaves.set(4, ByteBuffer.wrap(bad));
        MerkleTree tree = MerkleTree.build(leaves);
        SegmentDescriptor d = SegmentDescriptor.of(2, 0, 6, 16, 64, tree.root());
        List<SegmentMessage> forged = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            SegmentMessage m = SegmentMessage.of(d, i, tree.proof(i), bytes(leaves.get(i)));
            m.verify(); // individually every segment checks out
            forged.add(m);
        }
        List<SegmentMessage> withBadParity = new ArrayList<>(forged);
        withBadParity.set(0, null);
        withBadParity.set(5, null);
        assertReason(Reason.CODEWORD_MISMATCH, () -> SegmentCodec.recover(d, withBadParity));
    }

    @Test
    void recoverRefusesPlainGroupsAndWrongLengths() throws Exception {
        SegmentGroup plain = SegmentCodec.plain(new byte[100], 16);
        assertReason(Reason.DESCRIPTOR_MISMATCH, () -> SegmentCodec.recover(plain.descriptor(), plain.messages()));
        SegmentGroup g = SegmentCodec.coded(new byte[100], 16, 2);
        assertReason(Reason.DESCRIPTOR_MISMATCH, () -> SegmentCodec.recover(g.descriptor(), g.messages().subList(0, 8)));
        List<SegmentMessage> wrong = new ArrayList<>(g.messages());
        wrong.set(6, SegmentMessage.of(g.descriptor(), 6, g.messages().get(6).proof(), new byte[16]));
        assertReason(Reason.SEGMENT_LENGTH, () -> SegmentCodec.recover(g.descriptor(), wrong));
    }

    @Test
    void buildingRejectsOutOfBoundsParameters() {
        assertThrows(IllegalArgumentException.class, () -> SegmentCodec.plain(new byte[0], 16));
        assertThrows(IllegalArgumentException.class, () -> SegmentCodec.plain(new byte[10], 0));
        assertThrows(IllegalArgumentException.class, () -> SegmentCodec.plain(new byte[10], (1 << 20) + 1));
        assertThrows(IllegalArgumentException.class, () -> SegmentCodec.plain(new byte[16385], 1));
        assertThrows(IllegalArgumentException.class, () -> SegmentCodec.coded(new byte[100], 16, 0));
        assertThrows(IllegalArgumentException.class, () -> SegmentCodec.coded(new byte[200 * 16], 16, 57));
        assertEquals(256, SegmentCodec.coded(new byte[200 * 16], 16, 56).descriptor().count());
    }

    @Test
    void segmentsShareThePayloadArrayRatherThanCopyingIt() {
        byte[] msg = PayloadGenerator.mainnetLike(64, 1);
        SegmentGroup g = SegmentCodec.plain(msg, 16);
        msg[20] ^= 1; // visible through the segment: a view, not a copy (callers must not do this)
        assertEquals(msg[20], g.messages().get(1).data().get(4));
    }

    private static List<SegmentMessage> subset(SegmentGroup g, int mask) {
        List<SegmentMessage> out = new ArrayList<>();
        for (int i = 0; i < g.messages().size(); i++) {
            out.add((mask & 1 << i) != 0 ? g.messages().get(i) : null);
        }
        return out;
    }

    static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
