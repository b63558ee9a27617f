package io.gsnode.segmentation.codec;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** SHA-256, the one hash of the segment codec (hash id 0) and of every id in docs/arms.md §3. */
public final class Sha256 {
    /** Digest width in bytes. */
    public static final int DIGEST_BYTES = 32;

    private Sha256() {
    }

    /** A fresh SHA-256 {@link MessageDigest}; not thread-safe, so one per use or per thread. */
    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }

    /** SHA-256 of {@code data}. */
    public static byte[] hash(byte[] data) {
        return newDigest().digest(data);
    }
}
