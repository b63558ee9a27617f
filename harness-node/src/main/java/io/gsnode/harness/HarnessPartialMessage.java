package io.gsnode.harness;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One group of the harness's partial messages: 8 parts of 1024 bytes, some held. Its wire forms
 * are the harness's: the parts metadata is one byte, bit i set when part i is held; a partial
 * message is {@code [bitmap of the parts included][those parts, in index order][8-byte group id]}.
 * Part contents are never checked by anyone; {@link #fill} writes the ones the harness's go node
 * means to write (part i of group g: 128 big-endian uint64s counting up from g + 128 i).
 */
final class HarnessPartialMessage {

    static final int PARTS = 8;
    static final int PART_BYTES = 1024;
    static final int ALL = 0xff;

    private final long groupId;
    private final byte[][] parts = new byte[PARTS][];

    HarnessPartialMessage(long groupId) {
        this.groupId = groupId;
    }

    long groupId() {
        return groupId;
    }

    /** The group id on the wire: 8 bytes, big-endian. */
    byte[] groupIdBytes() {
        return ByteBuffer.allocate(8).putLong(groupId).array();
    }

    /** Makes the parts {@code bitmap} names, as {@code addPartialMessage} does. */
    void fill(int bitmap) {
        for (int i = 0; i < PARTS; i++) {
            if ((bitmap & (1 << i)) == 0) continue;
            ByteBuffer part = ByteBuffer.allocate(PART_BYTES);
            long counter = groupId + (long) i * (PART_BYTES / 8);
            while (part.hasRemaining()) part.putLong(counter++);
            parts[i] = part.array();
        }
    }

    /** The parts held, as the metadata byte (0..255). */
    int metadata() {
        int bits = 0;
        for (int i = 0; i < PARTS; i++) {
            if (parts[i] != null) bits |= 1 << i;
        }
        return bits;
    }

    boolean complete() {
        return metadata() == ALL;
    }

    /** The partial message for a peer holding {@code peerHas}: our parts it lacks, or null when there are none. */
    byte[] encodeFor(int peerHas) {
        int include = metadata() & ~peerHas & ALL;
        if (include == 0) return null;
        ByteBuffer out = ByteBuffer.allocate(1 + Integer.bitCount(include) * PART_BYTES + 8);
        out.put((byte) include);
        for (int i = 0; i < PARTS; i++) {
            if ((include & (1 << i)) != 0) out.put(parts[i]);
        }
        return out.putLong(groupId).array();
    }

    /**
     * Takes the parts of {@code message} we lack. Each part bit set in its first byte is followed by
     * that part's bytes.
     *
     * @throws IllegalArgumentException when the message is not this group's or its length does not match its bitmap
     */
    void extend(byte[] message) {
        if (message.length < 1 + 8) throw new IllegalArgumentException("a partial message of " + message.length + " bytes is too short");
        int included = message[0] & ALL;
        long group = ByteBuffer.wrap(message, message.length - 8, 8).getLong();
        if (group != groupId) {
            throw new IllegalArgumentException("a partial message of group " + Long.toUnsignedString(group)
                    + " for group " + Long.toUnsignedString(groupId));
        }
        int body = message.length - 1 - 8;
        if (body != Integer.bitCount(included) * PART_BYTES) {
            throw new IllegalArgumentException("a partial message naming " + Integer.bitCount(included) + " parts has "
                    + body + " bytes of parts");
        }
        int offset = 1;
        for (int i = 0; i < PARTS; i++) {
            if ((included & (1 << i)) == 0) continue;
            if (parts[i] == null) parts[i] = Arrays.copyOfRange(message, offset, offset + PART_BYTES);
            offset += PART_BYTES;
        }
    }
}
