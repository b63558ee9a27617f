package io.gsnode.gossipsub;

import java.util.Arrays;
import java.util.HexFormat;

/** A message id: opaque bytes (go keeps them in strings, which may hold any byte). */
public final class MessageId implements Comparable<MessageId> {

    private final byte[] bytes;
    private final int hash;

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
