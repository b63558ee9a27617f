package io.gsnode.gossipsub;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/** A message id: opaque bytes (go keeps them in strings, which may hold any byte). */
public final class MessageId implements Comparable<MessageId> {

    /** Longest id kept as it is where peers' ids are remembered; go: {@code computeChecksum}. */
    static final int LONGEST_KEPT_WHOLE = 32;

    private final byte[] bytes;
    private final int hash;
    /** {@link #checksum()}, once computed. */
    private MessageId checksum;

    private MessageId(byte[] bytes) {
        this.bytes = bytes;
        this.hash = Arrays.hashCode(bytes);
    }

    /** Wraps {@code bytes} without copying; the caller must not change them afterwards. */
    public static MessageId wrap(byte[] bytes) {
        return new MessageId(bytes);
    }

    public static MessageId ofHex(String hex) {
        return new MessageId(HexFormat.of().parseHex(hex));
    }

    /** The id's bytes; do not modify. */
    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return bytes.length;
    }

    public String hex() {
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * What a peer's IDONTWANT is remembered by, as go-libp2p-pubsub does ({@code computeChecksum}):
     * an id of 1 to 32 bytes as it is, any other (empty, or longer: a peer's 64 KiB ids would
     * otherwise be kept whole) as its SHA-256 behind a zero byte. A hashed key is 33 bytes and a kept
     * one at most 32, so the two never meet.
     */
    MessageId checksum() {
        MessageId c = checksum;
        if (c == null) {
            if (bytes.length > 0 && bytes.length <= LONGEST_KEPT_WHOLE) {
                c = this;
            } else {
                byte[] key = new byte[LONGEST_KEPT_WHOLE + 1];
                System.arraycopy(sha256(bytes), 0, key, 1, LONGEST_KEPT_WHOLE);
                c = new MessageId(key);
            }
            checksum = c; // benign race: every thread computes the same immutable key
        }
        return c;
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    @Override
    public int compareTo(MessageId o) {
        return Arrays.compareUnsigned(bytes, o.bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MessageId m && hash == m.hash && Arrays.equals(bytes, m.bytes);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return hex();
    }
}
