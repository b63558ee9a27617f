package io.gsnode.segmentation.codec;

import io.gsnode.segmentation.codec.SegmentException.Reason;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The authenticated header of a segment group (docs/arms.md §3.4): format version, hash id,
 * segment count, segment size, total length and Merkle root. Every field that reassembly depends on
 * is here, so a receiver that pins the first descriptor of a group rejects peers who contradict it.
 *
 * <p>Canonical form, little-endian, 50 bytes: version (u8: 1 plain, 2 Reed–Solomon coded) ‖ hash id
 * (u8) ‖ count (u32) ‖ segment size (u32) ‖ total length (u64) ‖ root (32 B). For a coded group
 * {@code count} is the coded total N and {@link #required()} = ceil(total / segment size) of them
 * reassemble the message. Group id = SHA-256(0x02 ‖ canonical form).
 *
 * <p>u32 and u64 fields are held as Java {@code int}/{@code long} bits and compared unsigned, so a
 * decoded descriptor with absurd values is representable and then rejected by {@link #validate()}.
 * Immutable; thread-safe.
 */
public final class SegmentDescriptor {
    /** Version of a plain group: every one of {@code count} segments is needed. */
    public static final int VERSION_PLAIN = 1;
    /** Version of a Reed–Solomon coded group: any {@code required()} of {@code count} segments suffice. */
    public static final int VERSION_CODED = 2;
    /** Hash id of SHA-256, the only hash gsnode implements (and the only one the arms use). */
    public static final int HASH_SHA256 = 0;
    /** Hash id of Keccak-256; defined by the reference codec, unused by the arms, not implemented here. */
    public static final int HASH_KECCAK256 = 1;
    /** Length of the canonical form with a 32-byte root. */
    public static final int CANONICAL_BYTES = 1 + 1 + 4 + 4 + 8 + Sha256.DIGEST_BYTES;
    /** go: segments.MaxSegments. */
    public static final int MAX_SEGMENTS = 16384;
    /** go: segments.MaxSegmentSize, 1 MiB. */
    public static final int MAX_SEGMENT_SIZE = 1 << 20;
    /** go: segments.MaxTotalLength, 256 MiB. */
    public static final long MAX_TOTAL_LENGTH = 256L << 20;
    /** go: segments.MaxCodedSegments: the code evaluates at distinct points of GF(2^8). */
    public static final int MAX_CODED_SEGMENTS = 256;
    static final byte DESCRIPTOR_PREFIX = 0x02;

    private final int version;
    private final int hashId;
    private final int count;
    private final int segmentSize;
    private final long totalLength;
    private final byte[] root;
    private final byte[] canonical;
    private final byte[] groupId;

    private SegmentDescriptor(int version, int hashId, int count, int segmentSize, long totalLength, byte[] root) {
        if (version < 0 || version > 0xff || hashId < 0 || hashId > 0xff) {
            throw new IllegalArgumentException("version " + version + " and hash id " + hashId + " must be bytes");
        }
        if (root.length != Sha256.DIGEST_BYTES) {
            throw new IllegalArgumentException("root of " + root.length + " bytes, want " + Sha256.DIGEST_BYTES);
        }
        this.version = version;
        this.hashId = hashId;
        this.count = count;
        this.segmentSize = segmentSize;
        this.totalLength = totalLength;
        this.root = root.clone();
        this.canonical = new byte[CANONICAL_BYTES];
        ByteBuffer out = ByteBuffer.wrap(canonical).order(ByteOrder.LITTLE_ENDIAN);
        out.put((byte) version).put((byte) hashId).putInt(count).putInt(segmentSize).putLong(totalLength).put(root);
        MessageDigest md = Sha256.newDigest();
        md.update(DESCRIPTOR_PREFIX);
        this.groupId = md.digest(canonical);
    }

    /**
     * A descriptor with the given fields, unvalidated (see {@link #validate()}). {@code count},
     * {@code segmentSize} and {@code totalLength} are unsigned.
     */
    public static SegmentDescriptor of(int version, int hashId, int count, int segmentSize, long totalLength, byte[] root) {
        return new SegmentDescriptor(version, hashId, count, segmentSize, totalLength, root);
    }

    /**
     * Decodes the canonical form from the buffer's position, advancing it by {@link #CANONICAL_BYTES}.
     * Only the layout is checked here; call {@link #validate()} for the bounds.
     *
     * @throws SegmentException {@code SHORT_BUFFER}, or {@code UNKNOWN_HASH_ID} (which fixes the root width)
     */
    public static SegmentDescriptor read(ByteBuffer in) throws SegmentException {
        ByteBuffer b = in.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() < 2) {
            throw new SegmentException(Reason.SHORT_BUFFER, b.remaining() + " bytes, need version and hash id");
        }
        int version = b.get() & 0xff;
        int hashId = b.get() & 0xff;
        if (hashId != HASH_SHA256) {
            // The hash id fixes the digest width and so every later field boundary.
            throw new SegmentException(Reason.UNKNOWN_HASH_ID, "hash id " + hashId + ", only SHA-256 (0) is supported");
        }
        if (b.remaining() < CANONICAL_BYTES - 2) {
            throw new SegmentException(Reason.SHORT_BUFFER, "descriptor needs " + CANONICAL_BYTES + " bytes");
        }
        int count = b.getInt();
        int segmentSize = b.getInt();
        long totalLength = b.getLong();
        byte[] root = new byte[Sha256.DIGEST_BYTES];
        b.get(root);
        in.position(in.position() + CANONICAL_BYTES);
        return new SegmentDescriptor(version, hashId, count, segmentSize, totalLength, root);
    }

    /**
     * Checks bounds and self-consistency (go: {@code Descriptor.Validate}): version 1 or 2, SHA-256,
     * 0 &lt; count ≤ 16384, 0 &lt; segment size ≤ 1 MiB, 0 &lt; total ≤ 256 MiB; a plain group's count
     * equals ceil(total / size), a coded group's exceeds it and is at most 256.
     */
    public void validate() throws SegmentException {
        if (version != VERSION_PLAIN && version != VERSION_CODED) {
            throw new SegmentException(Reason.DESCRIPTOR_MISMATCH, "version " + version + ", want 1 or 2");
        }
        if (hashId != HASH_SHA256) {
            throw new SegmentException(Reason.UNKNOWN_HASH_ID, "hash id " + hashId + ", only SHA-256 (0) is supported");
        }
        long n = Integer.toUnsignedLong(count);
        if (n == 0 || n > MAX_SEGMENTS) {
            throw new SegmentException(Reason.TOO_MANY_SEGMENTS, "count " + n + " not in (0, " + MAX_SEGMENTS + "]");
        }
        long size = Integer.toUnsignedLong(segmentSize);
        if (size == 0 || size > MAX_SEGMENT_SIZE) {
            throw new SegmentException(Reason.SEGMENT_SIZE, "segment size " + size + " not in (0, " + MAX_SEGMENT_SIZE + "]");
        }
        if (totalLength == 0 || Long.compareUnsigned(totalLength, MAX_TOTAL_LENGTH) > 0) {
            throw new SegmentException(Reason.TOTAL_LENGTH, "total length " + Long.toUnsignedString(totalLength)
                    + " not in (0, " + MAX_TOTAL_LENGTH + "]");
        }
        long implied = (totalLength + size - 1) / size;
        if (version == VERSION_CODED) {
            if (n <= implied || n > MAX_CODED_SEGMENTS) {
                throw new SegmentException(Reason.DESCRIPTOR_MISMATCH, "coded count " + n + ", implied " + implied
                        + ", must be in (" + implied + ", " + MAX_CODED_SEGMENTS + "]");
            }
        } else if (n != implied) {
            throw new SegmentException(Reason.DESCRIPTOR_MISMATCH, "count " + n + ", implied " + implied);
        }
    }

    public int version() {
        return version;
    }

    public int hashId() {
        return hashId;
    }

    public boolean isCoded() {
        return version == VERSION_CODED;
    }

    /** Segments on the wire: K for a plain group, K + parity for a coded one. */
    public int count() {
        return count;
    }

    public int segmentSize() {
        return segmentSize;
    }

    public long totalLength() {
        return totalLength;
    }

    /** The Merkle root (a copy). */
    public byte[] root() {
        return root.clone();
    }

    /** Segments needed to reassemble: all of them for a plain group, ceil(total / size) for a coded one. */
    public int required() {
        if (version == VERSION_CODED) {
            return (int) ((totalLength + Integer.toUnsignedLong(segmentSize) - 1) / Integer.toUnsignedLong(segmentSize));
        }
        return count;
    }

    /** Parity segments: count − required for a coded group, 0 for a plain one. */
    public int parity() {
        return count - required();
    }

    /**
     * The length segment {@code index} must have: the segment size, except the last
     * <em>systematic</em> segment (index required − 1), which is total − (required − 1) · size.
     * Parity segments are always full length. Valid for a validated descriptor.
     */
    public int segmentLength(int index) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("segment index " + index + " not in [0," + count + ")");
        }
        if (index == required() - 1) {
            return (int) (totalLength - (long) (required() - 1) * segmentSize);
        }
        return segmentSize;
    }

    /** The 50-byte canonical form (a copy). */
    public byte[] canonical() {
        return canonical.clone();
    }

    /** Writes the canonical form at the buffer's position. */
    public void writeTo(ByteBuffer out) {
        out.put(canonical);
    }

    /** Group id = SHA-256(0x02 ‖ canonical form) (a copy). */
    public byte[] groupId() {
        return groupId.clone();
    }

    // Package-private views for the codec's hot paths; never written through.
    byte[] rootView() {
        return root;
    }

    byte[] groupIdView() {
        return groupId;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SegmentDescriptor other && Arrays.equals(canonical, other.canonical);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(canonical);
    }

    @Override
    public String toString() {
        return "SegmentDescriptor[version=" + version + ", hashId=" + hashId + ", count=" + Integer.toUnsignedString(count)
                + ", segmentSize=" + Integer.toUnsignedString(segmentSize) + ", totalLength=" + Long.toUnsignedString(totalLength)
                + ", root=" + HexFormat.of().formatHex(root) + "]";
    }
}
