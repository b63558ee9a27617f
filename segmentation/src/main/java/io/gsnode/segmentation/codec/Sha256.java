package io.gsnode.segmentation.codec;

import io.gsnode.libp2p.crypto.DataPathCrypto;
import java.security.MessageDigest;

/**
 * SHA-256, the one hash of the segment codec (hash id 0) and of every id in docs/arms.md §3, from
 * the process's {@link DataPathCrypto} (BoringSSL or the JDK).
 */
public final class Sha256 {
    /** Digest width in bytes. */
    public static final int DIGEST_BYTES = 32;

    private Sha256() {
    }

    /** A fresh SHA-256 {@link MessageDigest}; not thread-safe, so one per use or per thread. */
    public static MessageDigest newDigest() {
        return DataPathCrypto.process().newSha256();
    }

    /** SHA-256 of {@code data}. */
    public static byte[] hash(byte[] data) {
        return newDigest().digest(data);
    }
}
