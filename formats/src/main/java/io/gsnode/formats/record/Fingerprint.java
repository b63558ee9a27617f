package io.gsnode.formats.record;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A short name for a text that says what something is (a cell's settings, a study cell's plan):
 * the first 16 hex digits of its SHA-256. Equal texts have equal fingerprints; a collision between
 * the few thousand cells of a study is not a practical concern at 64 bits.
 */
public final class Fingerprint {

    private Fingerprint() {}

    public static String of(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
