package io.gsnode.segmentation.codec;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.DigestException;
import java.util.ArrayList;
import java.util.List;

/**
 * The SHA-256 Merkle tree over a group's segments (docs/arms.md §3.4).
 *
 * <p>Leaf digest = SHA-256(0x00 ‖ segment), internal node = SHA-256(0x01 ‖ left ‖ right); the
 * domain bytes keep a leaf from ever being read as a node. The width is the next power of two at
 * or above the leaf count, and the missing leaves are 32 zero bytes, not hashed. That padding is
 * unambiguous only because the authenticated descriptor carries the count. A proof for leaf i is
 * the sibling digests from the leaf level up (depth = log2(width)); a verifier takes left or right
 * from the index bits, never from the proof.
 *
 * <p>Immutable once built; thread-safe.
 */
public final class MerkleTree {
    /** Digest width in bytes. */
    public static final int DIGEST_BYTES = Sha256.DIGEST_BYTES;
    static final byte LEAF_PREFIX = 0x00;
    static final byte NODE_PREFIX = 0x01;

    // layers[0] holds the width leaf digests back to back, layers[depth] the root.
    private final byte[][] layers;
    private final int count;

    private MerkleTree(byte[][] layers, int count) {
        this.layers = layers;
        this.count = count;
    }

    /** Builds the tree over the remaining bytes of each leaf buffer (positions are not moved). */
    public static MerkleTree build(List<ByteBuffer> leaves) {
        List<Slice> slices = new ArrayList<>(leaves.size());
        for (ByteBuffer leaf : leaves) {
            slices.add(Slice.of(leaf));
        }
        return buildOver(slices);
    }

    static MerkleTree buildOver(List<Slice> leaves) {
        if (leaves.isEmpty()) {
            throw new IllegalArgumentException("no leaves to build a Merkle tree over");
        }
        int width = widthFor(leaves.size());
        int depth = depthFor(leaves.size());
        byte[][] layers = new byte[depth + 1][];
        MessageDigest md = Sha256.newDigest();
        byte[] level = new byte[width * DIGEST_BYTES]; // padding leaves stay zero
        for (int i = 0; i < leaves.size(); i++) {
            Slice leaf = leaves.get(i);
            md.update(LEAF_PREFIX);
            md.update(leaf.array(), leaf.offset(), leaf.length());
            finish(md, level, i * DIGEST_BYTES);
        }
        layers[0] = level;
        for (int l = 1; l <= depth; l++) {
            byte[] below = layers[l - 1];
            byte[] above = new byte[below.length / 2];
            for (int i = 0; i < above.length / DIGEST_BYTES; i++) {
                md.update(NODE_PREFIX);
                md.update(below, 2 * i * DIGEST_BYTES, 2 * DIGEST_BYTES);
                finish(md, above, i * DIGEST_BYTES);
            }
            layers[l] = above;
        }
        return new MerkleTree(layers, leaves.size());
    }

    /** The tree width for {@code count} leaves: the next power of two at or above it. */
    public static int widthFor(int count) {
        if (count <= 0) {
            throw new IllegalArgumentException("leaf count " + count + " must be > 0");
        }
        return count == 1 ? 1 : Integer.highestOneBit(count - 1) << 1;
    }

    /** The proof length for {@code count} leaves: log2 of the width (5 for 32 leaves, 6 for 64). */
    public static int depthFor(int count) {
        return Integer.numberOfTrailingZeros(widthFor(count));
    }

    /** The root digest (a copy). */
    public byte[] root() {
        return layers[layers.length - 1].clone();
    }

    /** Number of real (unpadded) leaves. */
    public int count() {
        return count;
    }

    /** Number of proof digests per leaf. */
    public int depth() {
        return layers.length - 1;
    }

    /** The sibling path of leaf {@code index}, leaf level first, as {@link #depth()} digests back to back. */
    public byte[] proof(int index) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("leaf index " + index + " not in [0," + count + ")");
        }
        byte[] proof = new byte[depth() * DIGEST_BYTES];
        int node = index;
        for (int level = 0; level < depth(); level++) {
            System.arraycopy(layers[level], (node ^ 1) * DIGEST_BYTES, proof, level * DIGEST_BYTES, DIGEST_BYTES);
            node >>>= 1;
        }
        return proof;
    }

    /**
     * Checks that {@code leaf} is leaf {@code index} of a {@code count}-leaf tree with this
     * {@code root}, given its sibling path (digests back to back, leaf level first).
     *
     * @throws SegmentException {@code INDEX_OUT_OF_RANGE}, {@code PROOF_LENGTH} or {@code ROOT_MISMATCH}
     */
    public static void verify(byte[] root, ByteBuffer leaf, int index, int count, byte[] proof)
            throws SegmentException {
        verify(root, Slice.of(leaf), index, count, proof);
    }

    static void verify(byte[] root, Slice leaf, int index, int count, byte[] proof) throws SegmentException {
        if (count <= 0 || index < 0 || index >= count) {
            throw new SegmentException(SegmentException.Reason.INDEX_OUT_OF_RANGE,
                    "leaf " + index + " not in [0," + count + ")");
        }
        int depth = depthFor(count);
        if (proof.length != depth * DIGEST_BYTES) {
            throw new SegmentException(SegmentException.Reason.PROOF_LENGTH, "proof of " + proof.length
                    + " bytes, want " + depth + " digests (" + depth * DIGEST_BYTES + " bytes) for " + count + " leaves");
        }
        if (root.length != DIGEST_BYTES) {
            throw new SegmentException(SegmentException.Reason.ROOT_MISMATCH, "root of " + root.length + " bytes");
        }
        MessageDigest md = Sha256.newDigest();
        byte[] current = new byte[DIGEST_BYTES];
        md.update(LEAF_PREFIX);
        md.update(leaf.array(), leaf.offset(), leaf.length());
        finish(md, current, 0);
        int node = index;
        for (int level = 0; level < depth; level++) {
            md.update(NODE_PREFIX);
            // The side comes from the index bit: a proof cannot steer the path.
            if ((node & 1) == 0) {
                md.update(current);
                md.update(proof, level * DIGEST_BYTES, DIGEST_BYTES);
            } else {
                md.update(proof, level * DIGEST_BYTES, DIGEST_BYTES);
                md.update(current);
            }
            finish(md, current, 0);
            node >>>= 1;
        }
        if (!MessageDigest.isEqual(current, root)) {
            throw new SegmentException(SegmentException.Reason.ROOT_MISMATCH,
                    "proof for leaf " + index + " does not reproduce the root");
        }
    }

    private static void finish(MessageDigest md, byte[] out, int offset) {
        try {
            md.digest(out, offset, DIGEST_BYTES);
        } catch (DigestException e) {
            throw new IllegalStateException("SHA-256 digest into a 32-byte slot failed", e);
        }
    }
}
