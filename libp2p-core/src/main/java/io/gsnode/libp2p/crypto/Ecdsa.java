package io.gsnode.libp2p.crypto;

import java.io.IOException;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1BitString;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.sec.SECObjectIdentifiers;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;

/**
 * ECDSA identity keys on NIST P-256: the public key is a DER SubjectPublicKeyInfo, signatures are
 * SHA256withECDSA in DER (docs/wire.md §1.1). Such a key can arrive in a TLS certificate's
 * libp2p extension (§6.2-6.3), so parsing and verifying are what matter most.
 *
 * <p>Private keys ({@link PrivKey#bytes()} {@code Data}) are SEC 1 {@code ECPrivateKey} DER (RFC
 * 5915) with the named-curve parameters and the public key, which is what go-libp2p writes
 * ({@code x509.MarshalECPrivateKey}) and what the peer-ids spec's test vector holds; not PKCS#8.
 *
 * <p>Signing and verifying use the JDK provider; BouncyCastle supplies the curve arithmetic the
 * JDK does not expose (deriving a public point, checking that a point is on the curve).
 */
public final class Ecdsa {

    /** The 91-byte SubjectPublicKeyInfo of an uncompressed P-256 point with the named curve. */
    static final int SPKI_SIZE = 91;

    private static final X9ECParameters CURVE = CustomNamedCurves.getByName("secp256r1");
    private static final ECParameterSpec P256 = jdkP256();

    private Ecdsa() {}

    /** A new random key. */
    public static PrivKey generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return new PrivateKeyImpl(((ECPrivateKey) generator.generateKeyPair().getPrivate()).getS());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK cannot generate P-256 keys", e);
        }
    }

    /**
     * The public key whose DER SubjectPublicKeyInfo is {@code spkiDer}.
     *
     * @throws UnsupportedKeyException when the key is on a curve other than P-256
     * @throws IllegalArgumentException when it is malformed, off the curve or not in the canonical
     *     91-byte named-curve, uncompressed-point form
     */
    public static PubKey publicKey(byte[] spkiDer) {
        ECPublicKey key;
        try {
            if (!(KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(spkiDer))
                    instanceof ECPublicKey ec)) {
                throw new IllegalArgumentException("ECDSA public key is not an EC key");
            }
            key = ec;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "ECDSA public key is not a valid EC SubjectPublicKeyInfo: " + e.getMessage(), e);
        }
        if (!isP256(key.getParams())) {
            throw new UnsupportedKeyException(
                    "ECDSA public key is on a " + key.getParams().getCurve().getField().getFieldSize()
                            + "-bit curve other than P-256; only P-256 is supported");
        }
        if (!Arrays.equals(key.getEncoded(), spkiDer)) {
            throw new IllegalArgumentException(
                    "ECDSA public key is not in canonical form (" + SPKI_SIZE
                            + "-byte SubjectPublicKeyInfo, named curve, uncompressed point); got "
                            + spkiDer.length + " bytes");
        }
        ECPoint w = key.getW();
        try {
            // The JDK's decoder does not check this; a point off the curve is nobody's key.
            CURVE.getCurve().validatePoint(w.getAffineX(), w.getAffineY());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ECDSA public key point is not on P-256", e);
        }
        return new PublicKeyImpl(key);
    }

    /** A private key from SEC 1 {@code ECPrivateKey} DER, as {@link PrivKey#bytes()} holds it. */
    static PrivKey fromPrivateDer(byte[] sec1Der) {
        org.bouncycastle.asn1.sec.ECPrivateKey parsed;
        try {
            parsed = org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(
                    ASN1Primitive.fromByteArray(sec1Der));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(
                    "ECDSA private key is not SEC 1 ECPrivateKey DER: " + e.getMessage(), e);
        }
        if (parsed.getParametersObject() == null) {
            throw new IllegalArgumentException(
                    "ECDSA private key lacks the named-curve parameters (P-256 expected)");
        }
        if (!SECObjectIdentifiers.secp256r1.equals(parsed.getParametersObject())) {
            throw new UnsupportedKeyException(
                    "ECDSA private key names curve " + parsed.getParametersObject()
                            + "; only P-256 (" + SECObjectIdentifiers.secp256r1 + ") is supported");
        }
        BigInteger d = parsed.getKey();
        if (d.signum() <= 0 || d.compareTo(CURVE.getN()) >= 0) {
            throw new IllegalArgumentException("ECDSA private key is outside [1, n-1]");
        }
        PrivateKeyImpl key = new PrivateKeyImpl(d);
        ASN1BitString embedded = parsed.getPublicKey();
        if (embedded != null && !Arrays.equals(embedded.getOctets(), key.uncompressedPoint())) {
            throw new IllegalArgumentException(
                    "ECDSA private key embeds a public key that does not belong to it");
        }
        return key;
    }

    private static boolean isP256(ECParameterSpec params) {
        return params.getCurve().equals(P256.getCurve())
                && params.getGenerator().equals(P256.getGenerator())
                && params.getOrder().equals(P256.getOrder())
                && params.getCofactor() == P256.getCofactor();
    }

    private static ECParameterSpec jdkP256() {
        try {
            AlgorithmParameters params =
                    AlgorithmParameters.getInstance("EC");
            params.init(new ECGenParameterSpec("secp256r1"));
            return params.getParameterSpec(ECParameterSpec.class);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK does not know P-256", e);
        }
    }

    private static final class PublicKeyImpl extends PubKey {
        private final ECPublicKey jdkKey;

        PublicKeyImpl(ECPublicKey key) {
            super(KeyType.ECDSA, key.getEncoded());
            this.jdkKey = key;
        }

        @Override
        public boolean verify(byte[] data, byte[] signature) {
            try {
                Signature verifier = Signature.getInstance("SHA256withECDSA");
                verifier.initVerify(jdkKey);
                verifier.update(data);
                return verifier.verify(signature);
            } catch (GeneralSecurityException e) {
                // A signature that is not DER SEQUENCE{r, s} is reported as SignatureException.
                return false;
            }
        }
    }

    private static final class PrivateKeyImpl extends PrivKey {
        private final BigInteger d;
        private final byte[] uncompressedPoint;
        private final ECPrivateKey jdkKey;
        private final PublicKeyImpl publicKey;

        PrivateKeyImpl(BigInteger d) {
            super(KeyType.ECDSA);
            this.d = d;
            org.bouncycastle.math.ec.ECPoint q = CURVE.getG().multiply(d).normalize();
            this.uncompressedPoint = q.getEncoded(false);
            try {
                KeyFactory factory = KeyFactory.getInstance("EC");
                this.jdkKey = (ECPrivateKey) factory.generatePrivate(new ECPrivateKeySpec(d, P256));
                ECPoint w = new ECPoint(q.getAffineXCoord().toBigInteger(),
                        q.getAffineYCoord().toBigInteger());
                this.publicKey = new PublicKeyImpl(
                        (ECPublicKey) factory.generatePublic(new ECPublicKeySpec(w, P256)));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK rejected a valid P-256 key", e);
            }
        }

        byte[] uncompressedPoint() {
            return uncompressedPoint.clone();
        }

        @Override
        public byte[] sign(byte[] data) {
            try {
                Signature signer = Signature.getInstance("SHA256withECDSA");
                signer.initSign(jdkKey);
                signer.update(data);
                return signer.sign();
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("ECDSA signing failed", e);
            }
        }

        @Override
        public PubKey publicKey() {
            return publicKey;
        }

        @Override
        byte[] raw() {
            try {
                return new org.bouncycastle.asn1.sec.ECPrivateKey(
                                256, d, new DERBitString(uncompressedPoint),
                                SECObjectIdentifiers.secp256r1)
                        .getEncoded(ASN1Encoding.DER);
            } catch (IOException e) {
                throw new IllegalStateException("DER encoding of an EC private key failed", e);
            }
        }
    }
}
