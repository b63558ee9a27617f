package io.gsnode.segmentation.codec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * The 81-byte structural prefix of a segment (docs/arms.md §3.7): what a segment claims to be, as
 * opposed to what its bytes hash to. It is the head of a 101-byte structured message id, and the
 * same 81 bytes ride at the front of the SSZ byte field, before the SegmentMessage, so every
 * receiver derives the id from the wire.
 *
 * <p>Layout, little-endian: bytes 0–3 ASCII {@code SGID}; byte 4 version (1); 5–12 slot (u64);
 * 13–44 block root; 45–76 group id; 77–80 segment index (u32). The magic matters: a plain
 * SegmentMessage also starts with byte 0x01 (its descriptor version), so a version byte alone
 * would read every unprefixed segment as a claim.
 *
 * <p>Immutable; equality is over the 81 bytes, so policies can key on a prefix.
 */
public final class SegmentIdPrefix {
    /** Encoded length (the spec's constants say 81; a code comment in the reference says 77). */
    public static final int LENGTH = 81;
    /** The prefix version this codec writes and accepts. */
    public static final int VERSION = 1;
    private static final byte[] MAGIC = "SGID".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION_AT = 4;
    static final int SLOT_AT = 5;
    static final int ROOT_AT = 13;
    static final int GROUP_AT = 45;
    static final int INDEX_AT = 77;

    private final byte[] encoded;

    private SegmentIdPrefix(byte[] encoded) {
        this.encoded = encoded;
    }

    /** A prefix over the given fields; {@code blockRoot} and {@code groupId} are 32 bytes, {@code index} is u32 bits. */
    public static SegmentIdPrefix of(long slot, byte[] blockRoot, byte[] groupId, int index) {
        if (blockRoot.length != 32 || groupId.length != 32) {
            throw new IllegalArgumentException("block root (" + blockRoot.length + " B) and group id ("
                    + groupId.length + " B) must be 32 bytes");
        }
        ByteBuffer b = ByteBuffer.allocate(LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put((byte) VERSION).putLong(slot).put(blockRoot).put(groupId).putInt(index);
        return new SegmentIdPrefix(b.array());
    }

    /** The prefix a cell's publisher writes: block root = {@link CellBlockRoot#of(long)}. */
    public static SegmentIdPrefix forCell(long slot, byte[] groupId, int index) {
        return of(slot, CellBlockRoot.of(slot), groupId, index);
    }

    /**
     * Parses a prefix from the first 81 of {@code length} bytes at {@code offset}. Empty, not an
     * error, when the bytes are too short or the magic or version differ: such a message simply
     * makes no structural claim and gets a content id.
     */
    public static Optional<SegmentIdPrefix> parse(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        if (length < LENGTH
                || !Arrays.equals(bytes, offset, offset + MAGIC.length, MAGIC, 0, MAGIC.length)
                || bytes[offset + VERSION_AT] != VERSION) {
            return Optional.empty();
        }
        return Optional.of(new SegmentIdPrefix(Arrays.copyOfRange(bytes, offset, offset + LENGTH)));
    }

    /** {@link #parse(byte[], int, int)} from the start of {@code bytes}. */
    public static Optional<SegmentIdPrefix> parse(byte[] bytes) {
        return parse(bytes, 0, bytes.length);
    }

    public long slot() {
        return le().getLong(SLOT_AT);
    }

    /** The claimed block root (a copy). */
    public byte[] blockRoot() {
        return Arrays.copyOfRange(encoded, ROOT_AT, GROUP_AT);
    }

    /** The group id (a copy). */
    public byte[] groupId() {
        return Arrays.copyOfRange(encoded, GROUP_AT, INDEX_AT);
    }

    /** The segment index (u32 bits). */
    public int index() {
        return le().getInt(INDEX_AT);
    }

    /** The 81 bytes (a copy). */
    public byte[] encode() {
        return encoded.clone();
    }

    /** Writes the 81 bytes at the buffer's position. */
    public void writeTo(ByteBuffer out) {
        out.put(encoded);
    }

    private ByteBuffer le() {
        return ByteBuffer.wrap(encoded).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SegmentIdPrefix other && Arrays.equals(encoded, other.encoded);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encoded);
    }

    @Override
    public String toString() {
        HexFormat hex = HexFormat.of();
        return "SegmentIdPrefix[slot=" + Long.toUnsignedString(slot()) + ", blockRoot=" + hex.formatHex(blockRoot())
                + ", group=" + hex.formatHex(groupId()) + ", index=" + Integer.toUnsignedString(index()) + "]";
    }
}
