package io.gsnode.transport.tcp.noise;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Noise's SymmetricState: the chaining key, the handshake hash and the current cipher. */
final class SymmetricState {

    /** Exactly 32 bytes long, so it is the initial hash as it is, unhashed and unpadded. */
    static final String PROTOCOL_NAME = "Noise_XX_25519_ChaChaPoly_SHA256";

    private byte[] ck;
    private byte[] h;
    private CipherState cipher;

    SymmetricState() {
        h = PROTOCOL_NAME.getBytes(StandardCharsets.US_ASCII);
        ck = h.clone();
        // libp2p's prologue is empty, but it is mixed in all the same.
        mixHash(new byte[0]);
    }

    void mixHash(byte[] data) {
        h = sha256(h, data);
    }

    void mixKey(byte[] ikm) {
        byte[][] out = hkdf(ck, ikm);
        ck = out[0];
        cipher = new CipherState(out[1]);
    }

    byte[] encryptAndHash(byte[] plaintext) {
        byte[] c = cipher == null ? plaintext : cipher.encrypt(h, plaintext);
        mixHash(c);
        return c;
    }

    byte[] decryptAndHash(byte[] ciphertext) {
        byte[] p = cipher == null ? ciphertext : cipher.decrypt(h, ciphertext);
        mixHash(ciphertext);
        return p;
    }

    /** The two transport ciphers: the initiator sends with the first, the responder with the second. */
    CipherState[] split() {
        byte[][] keys = hkdf(ck, new byte[0]);
        return new CipherState[] {new CipherState(keys[0]), new CipherState(keys[1])};
    }



    /** Noise's HKDF with two outputs: tmp = HMAC(ck, ikm); o1 = HMAC(tmp, 1); o2 = HMAC(tmp, o1 || 2). */
    static byte[][] hkdf(byte[] chainingKey, byte[] ikm) {
        byte[] tmp = hmac(chainingKey, ikm);
        byte[] o1 = hmac(tmp, new byte[] {1});
        byte[] o1x2 = new byte[o1.length + 1];
        System.arraycopy(o1, 0, o1x2, 0, o1.length);
        o1x2[o1.length] = 2;
        return new byte[][] {o1, hmac(tmp, o1x2)};
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK lacks HmacSHA256", e);
        }
    }

    private static byte[] sha256(byte[] a, byte[] b) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(a);
            md.update(b);
            return md.digest();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK lacks SHA-256", e);
        }
    }
}
