package io.gsnode.libp2p.crypto;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;

/**
 * Ed25519 identity keys (RFC 8032, no pre-hash), the type every libp2p node must support.
 *
 * <p>Signing and verifying use the JDK's {@code Ed25519} provider. The JDK has no way to derive
 * the public key from a seed, so that one step uses BouncyCastle.
 */
public final class Ed25519 {

    static final int KEY_SIZE = 32;
    static final int SIGNATURE_SIZE = 64;

    /** docs/wire.md §1.1: SubjectPublicKeyInfo prefix for a raw 32-byte public key. */
    private static final byte[] SPKI_HEADER = hex("302a300506032b6570032100");
    /** docs/wire.md §1.1: PKCS#8 prefix for a raw 32-byte seed. */
    private static final byte[] PKCS8_HEADER = hex("302e020100300506032b657004220420");

    private static final SecureRandom RANDOM = new SecureRandom();

    private Ed25519() {}

    /** A new random key. */
    public static PrivKey generate() {
        byte[] seed = new byte[KEY_SIZE];
        RANDOM.nextBytes(seed);
        return fromSeed(seed);
    }

    /** The key whose RFC 8032 secret (the seed) is {@code seed32}. */
    public static PrivKey fromSeed(byte[] seed32) {
        if (seed32.length != KEY_SIZE) {
            throw new IllegalArgumentException(
                    "Ed25519 seed must be " + KEY_SIZE + " bytes, got " + seed32.length);
        }
        return new PrivateKeyImpl(seed32);
    }

    /**
     * A deterministic test identity: the seed is {@code index} as a little-endian unsigned 64-bit
     * integer in bytes 0..7, bytes 8..31 zero. This is the gossipsub-interop convention that the
     * go and js interop peers also use ({@code --key-seed}, interop/PEER-PROTOCOL.md).
     */
    public static PrivKey fromIndex(long index) {
        byte[] seed = new byte[KEY_SIZE];
        for (int i = 0; i < 8; i++) {
            seed[i] = (byte) (index >>> (8 * i));
        }
        return fromSeed(seed);
    }

    /** The public key whose RFC 8032 encoding is {@code raw32}. */
    public static PubKey publicKey(byte[] raw32) {
        if (raw32.length != KEY_SIZE) {
            throw new IllegalArgumentException(
                    "Ed25519 public key must be " + KEY_SIZE + " bytes, got " + raw32.length);
        }
        return new PublicKeyImpl(raw32);
    }

    /**
     * The {@code Data} of an Ed25519 {@code PrivateKey}: seed‖public (64 bytes), or the legacy
     * seed‖public‖public (96 bytes) whose two copies must agree (peer-ids spec).
     */
    static PrivKey fromPrivateData(byte[] data) {
        if (data.length != 2 * KEY_SIZE && data.length != 3 * KEY_SIZE) {
            throw new IllegalArgumentException(
                    "Ed25519 private key data must be 64 bytes (seed, public key) or the legacy 96,"
                            + " got " + data.length);
        }
        byte[] seed = Arrays.copyOfRange(data, 0, KEY_SIZE);
        byte[] pub = Arrays.copyOfRange(data, KEY_SIZE, 2 * KEY_SIZE);
        if (data.length == 3 * KEY_SIZE
                && !Arrays.equals(pub, Arrays.copyOfRange(data, 2 * KEY_SIZE, 3 * KEY_SIZE))) {
            throw new IllegalArgumentException(
                    "legacy 96-byte Ed25519 private key holds two different public keys");
        }
        PrivateKeyImpl key = new PrivateKeyImpl(seed);
        if (!MessageDigest.isEqual(pub, key.publicKey.raw())) {
            throw new IllegalArgumentException(
                    "Ed25519 private key data holds a public key that does not belong to its seed");
        }
        return key;
    }

    private static final class PublicKeyImpl extends PubKey {
        private final PublicKey jdkKey;

        PublicKeyImpl(byte[] raw32) {
            super(KeyType.ED25519, raw32);
            try {
                jdkKey = KeyFactory.getInstance("Ed25519")
                        .generatePublic(new X509EncodedKeySpec(concat(SPKI_HEADER, raw32)));
            } catch (GeneralSecurityException e) {
                throw new IllegalArgumentException("invalid Ed25519 public key: " + e.getMessage(), e);
            }
        }

        @Override
        public boolean verify(byte[] data, byte[] signature) {
            if (signature.length != SIGNATURE_SIZE) {
                return false;
            }
            try {
                Signature verifier = Signature.getInstance("Ed25519");
                verifier.initVerify(jdkKey);
                verifier.update(data);
                return verifier.verify(signature);
            } catch (GeneralSecurityException e) {
                // The JDK reports some malformed signatures and keys (e.g. a point not on the
                // curve) as exceptions; for a caller they are all just invalid signatures.
                return false;
            }
        }
    }

    private static final class PrivateKeyImpl extends PrivKey {
        private final byte[] seed;
        private final PrivateKey jdkKey;
        private final PublicKeyImpl publicKey;

        PrivateKeyImpl(byte[] seed32) {
            super(KeyType.ED25519);
            this.seed = seed32.clone();
            byte[] pub = new Ed25519PrivateKeyParameters(seed, 0).generatePublicKey().getEncoded();
            this.publicKey = new PublicKeyImpl(pub);
            try {
                jdkKey = KeyFactory.getInstance("Ed25519")
                        .generatePrivate(new PKCS8EncodedKeySpec(concat(PKCS8_HEADER, seed)));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK rejected a 32-byte Ed25519 seed", e);
            }
        }

        @Override
        public byte[] sign(byte[] data) {
            try {
                Signature signer = Signature.getInstance("Ed25519");
                signer.initSign(jdkKey);
                signer.update(data);
                return signer.sign();
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("Ed25519 signing failed", e);
            }
        }

        @Override
        public PubKey publicKey() {
            return publicKey;
        }

        @Override
        byte[] raw() {
            return concat(seed, publicKey.raw());
        }
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }
}
