package io.gsnode.segmentation.codec;

import io.gsnode.segmentation.codec.SegmentException.Reason;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One segment of a group on the wire, in the research tree's own byte layout (docs/arms.md §3.4;
 * not SSZ): canonical descriptor (50 B) ‖ index (u32 LE) ‖ proof count (u8, ≤ 14) ‖ proof digests
 * (32 B each) ‖ data length (u32 LE) ‖ data. A 32 KiB segment of a 32-segment group is
 * 50 + 4 + 1 + 160 + 4 + 32768 = 32 987 bytes.
 *
 * <p>A proof only ties the segment to the descriptor's root; whether that root (that group id) is
 * legitimate is the caller's decision. Decoding is strict: exact length, no trailing bytes, every
 * length bounded before anything is allocated. The decoded data is a view on the input array,
 * which the caller must therefore not modify.
 *
 * <p>Immutable; thread-safe.
 */
public final class SegmentMessage {
    /** go: codec.go maxProofCount = bits.Len(MaxSegments - 1): the deepest valid proof. */
    public static final int MAX_PROOF_COUNT = 14;
    private static final int FIXED_BYTES = SegmentDescriptor.CANONICAL_BYTES + 4 + 1 + 4;
    /** The largest encoding: a 14-digest proof and 1 MiB of data (go: MaxSegmentMessageSize). */
    public static final int MAX_ENCODED_BYTES = FIXED_BYTES + MAX_PROOF_COUNT * Sha256.DIGEST_BYTES
            + SegmentDescriptor.MAX_SEGMENT_SIZE;

    private final SegmentDescriptor descriptor;
    private final int index;
    private final byte[] proof;
    private final Slice data;

    SegmentMessage(SegmentDescriptor descriptor, int index, byte[] proof, Slice data) {
        if (proof.length % Sha256.DIGEST_BYTES != 0 || proof.length / Sha256.DIGEST_BYTES > MAX_PROOF_COUNT) {
            throw new IllegalArgumentException("proof of " + proof.length + " bytes is not at most "
                    + MAX_PROOF_COUNT + " 32-byte digests");
        }
        if (data.length() > SegmentDescriptor.MAX_SEGMENT_SIZE) {
            throw new IllegalArgumentException("segment data of " + data.length() + " bytes exceeds "
                    + SegmentDescriptor.MAX_SEGMENT_SIZE);
        }
        this.descriptor = descriptor;
        this.index = index;
        this.proof = proof;
        this.data = data;
    }

    /**
     * A segment message over the given fields (copied); {@code proof} is the sibling digests back
     * to back. Unverified: see {@link #verify()}.
     */
    public static SegmentMessage of(SegmentDescriptor descriptor, int index, byte[] proof, byte[] data) {
        return new SegmentMessage(descriptor, index, proof.clone(), Slice.of(data.clone()));
    }

    /**
     * Decodes exactly one segment message from the buffer's remaining bytes (positions unchanged).
     * Checks the layout only; {@link #verify()} checks the descriptor, length and proof.
     */
    public static SegmentMessage decode(ByteBuffer encoded) throws SegmentException {
        return decode(Slice.of(encoded));
    }

    /** {@link #decode(ByteBuffer)} over a whole array, which the result then shares. */
    public static SegmentMessage decode(byte[] encoded) throws SegmentException {
        return decode(Slice.of(encoded));
    }

    static SegmentMessage decode(Slice encoded) throws SegmentException {
        ByteBuffer in = ByteBuffer.wrap(encoded.array(), encoded.offset(), encoded.length()).order(ByteOrder.LITTLE_ENDIAN);
        SegmentDescriptor descriptor = SegmentDescriptor.read(in);
        if (in.remaining() < 4 + 1) {
            throw new SegmentException(Reason.SHORT_BUFFER, "index and proof count");
        }
        int index = in.getInt();
        int proofCount = in.get() & 0xff;
        if (proofCount > MAX_PROOF_COUNT) {
            throw new SegmentException(Reason.PROOF_COUNT, proofCount + " proof digests, max " + MAX_PROOF_COUNT);
        }
        int proofBytes = proofCount * Sha256.DIGEST_BYTES;
        if (in.remaining() < proofBytes) {
            throw new SegmentException(Reason.SHORT_BUFFER, proofCount + " proof digests");
        }
        byte[] proof = new byte[proofBytes];
        in.get(proof);
        if (in.remaining() < 4) {
            throw new SegmentException(Reason.SHORT_BUFFER, "data length");
        }
        long dataLength = Integer.toUnsignedLong(in.getInt());
        if (dataLength > SegmentDescriptor.MAX_SEGMENT_SIZE) {
            throw new SegmentException(Reason.SEGMENT_SIZE, "data of " + dataLength + " bytes exceeds "
                    + SegmentDescriptor.MAX_SEGMENT_SIZE);
        }
        if (in.remaining() < dataLength) {
            throw new SegmentException(Reason.SHORT_BUFFER, "segment data: " + in.remaining() + " of "
                    + dataLength + " bytes");
        }
        if (in.remaining() > dataLength) {
            throw new SegmentException(Reason.TRAILING_BYTES, (in.remaining() - dataLength) + " bytes left");
        }
        Slice data = new Slice(encoded.array(), in.position(), (int) dataLength);
        return new SegmentMessage(descriptor, index, proof, data);
    }

    /**
     * Checks the descriptor ({@link SegmentDescriptor#validate()}), the data length against the
     * descriptor (a proof alone does not constrain length) and the Merkle proof against the root.
     */
    public void verify() throws SegmentException {
        descriptor.validate();
        long idx = Integer.toUnsignedLong(index);
        if (idx >= Integer.toUnsignedLong(descriptor.count())) {
            throw new SegmentException(Reason.INDEX_OUT_OF_RANGE, "index " + idx + " not in [0,"
                    + descriptor.count() + ")");
        }
        int want = descriptor.segmentLength(index);
        if (data.length() != want) {
            throw new SegmentException(Reason.SEGMENT_LENGTH, data.length() + " bytes at index " + index
                    + ", want " + want);
        }
        MerkleTree.verify(descriptor.rootView(), data, index, descriptor.count(), proof);
    }

    public SegmentDescriptor descriptor() {
        return descriptor;
    }

    /** The segment index (u32 bits; below the descriptor's count once verified). */
    public int index() {
        return index;
    }

    /** Number of proof digests. */
    public int proofCount() {
        return proof.length / Sha256.DIGEST_BYTES;
    }

    /** The proof digests back to back, leaf level first (a copy). */
    public byte[] proof() {
        return proof.clone();
    }

    /** The segment bytes as a read-only view (no copy). */
    public ByteBuffer data() {
        return data.asReadOnlyBuffer();
    }

    /** Length of the segment bytes. */
    public int dataLength() {
        return data.length();
    }

    Slice dataSlice() {
        return data;
    }

    /** Length of {@link #encode()}'s output. */
    public int encodedLength() {
        return FIXED_BYTES + proof.length + data.length();
    }

    /** Writes the encoding at the buffer's position (any byte order; fields are written little-endian). */
    public void writeTo(ByteBuffer out) {
        ByteBuffer le = out.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        descriptor.writeTo(le);
        le.putInt(index);
        le.put((byte) proofCount());
        le.put(proof);
        le.putInt(data.length());
        le.put(data.array(), data.offset(), data.length());
        out.position(le.position());
    }

    /** The encoding in a new array. */
    public byte[] encode() {
        byte[] out = new byte[encodedLength()];
        writeTo(ByteBuffer.wrap(out));
        return out;
    }

    @Override
    public String toString() {
        return "SegmentMessage[index=" + Integer.toUnsignedString(index) + ", proofCount=" + proofCount()
                + ", dataLength=" + data.length() + ", " + descriptor + "]";
    }
}
