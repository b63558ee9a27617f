package io.gsnode.libp2p.crypto;

import java.math.BigInteger;
import java.security.SecureRandom;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.util.BigIntegers;

/**
 * secp256k1 identity keys: a 33-byte compressed public point, a 32-byte private scalar, ECDSA
 * over SHA-256 with DER signatures (docs/wire.md §1.1).
 *
 * <p>BouncyCastle's lightweight API does the work because JDK 17 refuses the curve ("Curve not
 * supported: secp256k1"). Signing is deterministic (RFC 6979) and produces low-S signatures, as
 * go's secp256k1 signer does; verifying accepts high S too, because go's verifier does.
 */
public final class Secp256k1 {

    static final int PRIVATE_SIZE = 32;
    static final int COMPRESSED_SIZE = 33;

    private static final X9ECParameters CURVE = CustomNamedCurves.getByName("secp256k1");
    private static final ECDomainParameters DOMAIN =
            new ECDomainParameters(CURVE.getCurve(), CURVE.getG(), CURVE.getN(), CURVE.getH());
    private static final BigInteger HALF_N = CURVE.getN().shiftRight(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private Secp256k1() {}

    /** A new random key. */
    public static PrivKey generate() {
        BigInteger d;
        do {
            d = new BigInteger(256, RANDOM);
        } while (d.signum() == 0 || d.compareTo(DOMAIN.getN()) >= 0);
        return new PrivateKeyImpl(d);
    }

    /** The key whose private scalar is the big-endian {@code d32}, which must lie in [1, n-1]. */
    public static PrivKey fromPrivate(byte[] d32) {
        if (d32.length != PRIVATE_SIZE) {
            throw new IllegalArgumentException(
                    "secp256k1 private key must be " + PRIVATE_SIZE + " bytes, got " + d32.length);
        }
        BigInteger d = new BigInteger(1, d32);
        if (d.signum() == 0 || d.compareTo(DOMAIN.getN()) >= 0) {
            throw new IllegalArgumentException(
                    "secp256k1 private key is outside [1, n-1] (zero or not below the group order)");
        }
        return new PrivateKeyImpl(d);
    }

    /** The public key whose SEC 1 compressed encoding ({@code 02|03 ‖ x}) is {@code compressed33}. */
    public static PubKey publicKey(byte[] compressed33) {
        if (compressed33.length != COMPRESSED_SIZE
                || (compressed33[0] != 0x02 && compressed33[0] != 0x03)) {
            throw new IllegalArgumentException(
                    "secp256k1 public key must be a " + COMPRESSED_SIZE
                            + "-byte compressed point starting 02 or 03, got " + compressed33.length
                            + " bytes");
        }
        ECPoint point;
        try {
            point = DOMAIN.getCurve().decodePoint(compressed33);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "secp256k1 public key is not a point on the curve: " + e.getMessage(), e);
        }
        return new PublicKeyImpl(point);
    }

    private static final class PublicKeyImpl extends PubKey {
        private final ECPublicKeyParameters params;

        PublicKeyImpl(ECPoint point) {
            super(KeyType.SECP256K1, point.getEncoded(true));
            this.params = new ECPublicKeyParameters(point, DOMAIN);
        }

        @Override
        public boolean verify(byte[] data, byte[] signature) {
            BigInteger[] rs = EcdsaSignatures.decode(signature);
            if (rs == null) {
                return false;
            }
            ECDSASigner verifier = new ECDSASigner();
            verifier.init(false, params);
            // Range checks on r and s (1..n-1) happen inside verifySignature.
            return verifier.verifySignature(EcdsaSignatures.sha256(data), rs[0], rs[1]);
        }
    }

    private static final class PrivateKeyImpl extends PrivKey {
        private final ECPrivateKeyParameters params;
        private final PublicKeyImpl publicKey;

        PrivateKeyImpl(BigInteger d) {
            super(KeyType.SECP256K1);
            this.params = new ECPrivateKeyParameters(d, DOMAIN);
            this.publicKey = new PublicKeyImpl(DOMAIN.getG().multiply(d).normalize());
        }

        @Override
        public byte[] sign(byte[] data) {
            ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
            signer.init(true, params);
            BigInteger[] rs = signer.generateSignature(EcdsaSignatures.sha256(data));
            BigInteger s = rs[1];
            // BIP 62 low-S form, what go's signer emits: (r, n - s) is equally valid.
            if (s.compareTo(HALF_N) > 0) {
                s = DOMAIN.getN().subtract(s);
            }
            return EcdsaSignatures.encode(rs[0], s);
        }

        @Override
        public PubKey publicKey() {
            return publicKey;
        }

        @Override
        byte[] raw() {
            return BigIntegers.asUnsignedByteArray(PRIVATE_SIZE, params.getD());
        }
    }
}
