package io.gsnode.transport.tcp.noise;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import javax.crypto.KeyAgreement;

/** X25519 with 32-byte raw public keys (RFC 7748), on the JDK's XDH provider. */
final class X25519 {

    /** DER SubjectPublicKeyInfo prefix for an X25519 key; the raw 32 bytes follow it. */
    private static final byte[] SPKI_PREFIX = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00};
    static final int KEY_BYTES = 32;

    /** A key pair and its raw public key. */
    record Pair(PrivateKey privateKey, byte[] publicKey) {}

    private X25519() {}

    static Pair generate() {
        try {
            KeyPair kp = KeyPairGenerator.getInstance("X25519").generateKeyPair();
            byte[] encoded = kp.getPublic().getEncoded();
            return new Pair(kp.getPrivate(), Arrays.copyOfRange(encoded, encoded.length - KEY_BYTES, encoded.length));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK lacks X25519", e);
        }
    }

    static byte[] dh(PrivateKey own, byte[] remotePublic) {
        try {
            byte[] spki = new byte[SPKI_PREFIX.length + KEY_BYTES];
            System.arraycopy(SPKI_PREFIX, 0, spki, 0, SPKI_PREFIX.length);
            System.arraycopy(remotePublic, 0, spki, SPKI_PREFIX.length, KEY_BYTES);
            PublicKey remote = KeyFactory.getInstance("X25519").generatePublic(new X509EncodedKeySpec(spki));
            KeyAgreement agreement = KeyAgreement.getInstance("XDH");
            agreement.init(own);
            agreement.doPhase(remote, true);
            return agreement.generateSecret();
        } catch (GeneralSecurityException e) {
            // The JDK refuses low-order points, whose shared secret would be all zeros.
            throw new NoiseException("X25519 key agreement failed: " + e.getMessage(), e);
        }
    }
}
