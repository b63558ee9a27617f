package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gsnode.segmentation.codec.SegmentException.Reason;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MerkleTreeTest {
    @ParameterizedTest(name = "{0} leaves: width {1}, depth {2}")
    @CsvSource({"1, 1, 0", "2, 2, 1", "3, 4, 2", "4, 4, 2", "5, 8, 3", "32, 32, 5", "33, 64, 6", "64, 64, 6",
        "16384, 16384, 14"})
    void widthIsTheNextPowerOfTwoAndDepthItsLog(int count, int width, int depth) {
        assertEquals(width, MerkleTree.widthFor(count));
        assertEquals(depth, MerkleTree.depthFor(count));
    }

    @Test
    void singleLeafRootIsItsDomainSeparatedDigest() {
        MerkleTree t = MerkleTree.build(List.of(buf("abc")));
        assertEquals(0, t.depth());
        assertEquals("609f6e36d2405585188d5cfd761f407c7cc46a7d3f314c88270469dde315fcd1", hex(t.root()));
        assertArrayEquals(sha(new byte[] {0, 'a', 'b', 'c'}), t.root());
    }

    @Test
    void threeLeavesArePaddedWithAZeroDigestNotAHashedLeaf() {
        MerkleTree t = MerkleTree.build(List.of(buf("abc"), buf("def"), buf("gh")));
        // Hand computation of docs/arms.md §3.4.
        byte[] l0 = sha(cat(new byte[] {0}, bytes("abc")));
        byte[] l1 = sha(cat(new byte[] {0}, bytes("def")));
        byte[] l2 = sha(cat(new byte[] {0}, bytes("gh")));
        byte[] n0 = sha(cat(new byte[] {1}, l0, l1));
        byte[] n1 = sha(cat(new byte[] {1}, l2, new byte[32]));
        assertArrayEquals(sha(cat(new byte[] {1}, n0, n1)), t.root());
        // And the reference's value.
        assertEquals("2aa86ec8a6c57e36955aeae1ec15d37db22bea75df55bacef3a6b3b6ba913432", hex(t.root()));
        assertArrayEquals(cat(l0, n1), t.proof(1));
        assertArrayEquals(cat(new byte[32], n0), t.proof(2));
    }

    @Test
    void everyLeafProofVerifiesForEveryCountUpToSeventeen() {
        for (int count = 1; count <= 17; count++) {
            List<ByteBuffer> leaves = leaves(count);
            MerkleTree t = MerkleTree.build(leaves);
            for (int i = 0; i < count; i++) {
                int index = i;
                int n = count;
                assertDoesNotThrow(() -> MerkleTree.verify(t.root(), leaves.get(index), index, n, t.proof(index)),
                        "count " + count + " leaf " + i);
            }
        }
    }

    @Test
    void tamperedLeafIsRejected() {
        List<ByteBuffer> leaves = leaves(5);
        MerkleTree t = MerkleTree.build(leaves);
        byte[] tampered = leaves.get(3).array().clone();
        tampered[0] ^= 1;
        assertReason(Reason.ROOT_MISMATCH, () -> MerkleTree.verify(t.root(), ByteBuffer.wrap(tampered), 3, 5, t.proof(3)));
    }

    @Test
    void tamperedProofDigestIsRejected() {
        List<ByteBuffer> leaves = leaves(8);
        MerkleTree t = MerkleTree.build(leaves);
        byte[] proof = t.proof(6);
        proof[40] ^= (byte) 0x80;
        assertReason(Reason.ROOT_MISMATCH, () -> MerkleTree.verify(t.root(), leaves.get(6), 6, 8, proof));
    }

    @Test
    void sideComesFromTheIndexSoAProofCannotBeReplayedAtAnotherIndex() {
        List<ByteBuffer> leaves = leaves(4);
        MerkleTree t = MerkleTree.build(leaves);
        // Leaf 0's data with leaf 0's proof claimed at index 1: the verifier puts it on the right.
        assertReason(Reason.ROOT_MISMATCH, () -> MerkleTree.verify(t.root(), leaves.get(0), 1, 4, t.proof(0)));
        // Digests out of order.
        byte[] p = t.proof(2);
        byte[] swapped = cat(Arrays.copyOfRange(p, 32, 64), Arrays.copyOfRange(p, 0, 32));
        assertReason(Reason.ROOT_MISMATCH, () -> MerkleTree.verify(t.root(), leaves.get(2), 2, 4, swapped));
    }

    @Test
    void proofOfTheWrongDepthOrIndexOutsideTheTreeIsRejected() {
        List<ByteBuffer> leaves = leaves(5);
        MerkleTree t = MerkleTree.build(leaves);
        assertReason(Reason.PROOF_LENGTH, () -> MerkleTree.verify(t.root(), leaves.get(0), 0, 5,
                Arrays.copyOf(t.proof(0), 64)));
        assertReason(Reason.PROOF_LENGTH, () -> MerkleTree.verify(t.root(), leaves.get(0), 0, 4, t.proof(0)));
        assertReason(Reason.INDEX_OUT_OF_RANGE, () -> MerkleTree.verify(t.root(), leaves.get(0), 5, 5, t.proof(0)));
        assertReason(Reason.INDEX_OUT_OF_RANGE, () -> MerkleTree.verify(t.root(), leaves.get(0), -1, 5, t.proof(0)));
        assertThrows(IndexOutOfBoundsException.class, () -> t.proof(5));
    }

    @Test
    void buildingMovesNoBufferPosition() {
        ByteBuffer leaf = ByteBuffer.wrap(bytes("xyz"));
        MerkleTree.build(List.of(leaf));
        assertEquals(0, leaf.position());
        assertThrows(IllegalArgumentException.class, () -> MerkleTree.build(List.of()));
    }

    static void assertReason(Reason reason, Executable call) {
        SegmentException e = assertThrows(SegmentException.class, call);
        assertEquals(reason, e.reason(), e.getMessage());
    }

    private static List<ByteBuffer> leaves(int count) {
        List<ByteBuffer> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(ByteBuffer.wrap(PayloadGenerator.highEntropy(10 + i, i)));
        }
        return out;
    }

    private static ByteBuffer buf(String s) {
        return ByteBuffer.wrap(bytes(s));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] sha(byte[] b) {
        return Sha256.hash(b);
    }

    static byte[] cat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        ByteBuffer b = ByteBuffer.allocate(n);
        for (byte[] p : parts) {
            b.put(p);
        }
        return b.array();
    }

}
