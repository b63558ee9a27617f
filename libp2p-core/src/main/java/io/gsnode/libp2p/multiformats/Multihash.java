package io.gsnode.libp2p.multiformats;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * Multihash: {@code uvarint(function code) uvarint(digest length) digest}. Peer IDs are
 * multihashes (docs/wire.md §1.2).
 */
public final class Multihash {

    /** The identity "hash": the digest is the input itself. */
    public static final int IDENTITY = 0x00;
    /** SHA-256, 32-byte digest. */
    public static final int SHA2_256 = 0x12;

    private Multihash() {}

    /** A parsed multihash; {@link #digest()} returns a copy. */
    public record Decoded(long code, byte[] digest) {
        public Decoded {
            digest = digest.clone();
        }

        @Override
        public byte[] digest() {
            return digest.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Decoded d && d.code == code && Arrays.equals(d.digest, digest);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(code) * 31 + Arrays.hashCode(digest);
        }

        @Override
        public String toString() {
            return "Multihash[code=0x" + Long.toHexString(code) + ", " + digest.length
                    + "-byte digest]";
        }
    }

    /** {@code 0x00 uvarint(len) data}. */
    public static byte[] identity(byte[] data) {
        return wrap(IDENTITY, data);
    }

    /** {@code 0x12 0x20 SHA-256(data)}. */
    public static byte[] sha256(byte[] data) {
        try {
            return wrap(SHA2_256, MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always provides SHA-256", e);
        }
    }

    /**
     * Splits a multihash into its code and digest, checking only the framing: the declared digest
     * length must match exactly what follows.
     *
     * @throws IllegalArgumentException for a malformed multihash
     */
    public static Decoded decode(byte[] multihash) {
        int[] offset = {0};
        long code;
        long length;
        try {
            code = UVarint.read(multihash, offset);
            length = UVarint.read(multihash, offset);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("malformed multihash header: " + e.getMessage(), e);
        }
        int remaining = multihash.length - offset[0];
        if (length != remaining) {
            throw new IllegalArgumentException(
                    "multihash declares a " + length + "-byte digest but " + remaining
                            + " bytes follow the header");
        }
        return new Decoded(code, Arrays.copyOfRange(multihash, offset[0], multihash.length));
    }

    private static byte[] wrap(int code, byte[] digest) {
        byte[] codeBytes = UVarint.encode(code);
        byte[] lengthBytes = UVarint.encode(digest.length);
        byte[] out = new byte[codeBytes.length + lengthBytes.length + digest.length];
        System.arraycopy(codeBytes, 0, out, 0, codeBytes.length);
        System.arraycopy(lengthBytes, 0, out, codeBytes.length, lengthBytes.length);
        System.arraycopy(digest, 0, out, codeBytes.length + lengthBytes.length, digest.length);
        return out;
    }
}
