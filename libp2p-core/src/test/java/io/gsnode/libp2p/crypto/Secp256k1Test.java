package io.gsnode.libp2p.crypto;

import static io.gsnode.libp2p.crypto.TlsHandshakeVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.util.BigIntegers;
import org.junit.jupiter.api.Test;

class Secp256k1Test {

    /** peer-ids spec "Test vectors": secp256k1 private key and its public key. */
    private static final byte[] SPEC_PRIVATE =
            hex("0802122053DADF1D5A164D6B4ACDB15E24AA4C5B1D3461BDBD42ABEDB0A4404D56CED8FB");
    private static final byte[] SPEC_PUBLIC =
            hex("08021221037777e994e452c21604f91de093ce415f5432f701dd8cd1a7a6fea0e630bfca99");

    private static final X9ECParameters CURVE = CustomNamedCurves.getByName("secp256k1");
    private static final byte[] MESSAGE = "gossipsub".getBytes(StandardCharsets.US_ASCII);

    @Test
    void derivesThePeerIdsSpecPublicKeyFromItsPrivateKey() {
        PrivKey key = PrivKey.unmarshal(SPEC_PRIVATE);
        assertEquals(KeyType.SECP256K1, key.type());
        assertArrayEquals(SPEC_PUBLIC, key.publicKey().bytes());
        assertArrayEquals(SPEC_PRIVATE, key.bytes());
        assertEquals(37, key.publicKey().bytes().length);
    }

    @Test
    void verifiesTheTlsSpecCertificateSignature() {
        PubKey key = PubKey.unmarshal(TlsHandshakeVectors.SECP256K1_KEY);
        assertTrue(key.verify(TlsHandshakeVectors.signedMessage(), TlsHandshakeVectors.SECP256K1_SIGNATURE));
    }

    @Test
    void verifiesSignaturesBouncyCastleMadeWithHighOrLowS() throws Exception {
        // Plain randomized BouncyCastle ECDSA signatures, not normalised: go's verifier accepts
        // both (r, s) and (r, n - s), so ours must too.
        long seed = 0x5ec9_256bL;
        SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
        random.setSeed(seed); // before first use, so the stream is deterministic
        BigInteger d = new BigInteger(1, Arrays.copyOfRange(SPEC_PRIVATE, 4, 36));
        ECDomainParameters domain =
                new ECDomainParameters(CURVE.getCurve(), CURVE.getG(), CURVE.getN(), CURVE.getH());
        ECDSASigner signer = new ECDSASigner();
        signer.init(true, new ParametersWithRandom(new ECPrivateKeyParameters(d, domain), random));
        PubKey key = PubKey.unmarshal(SPEC_PUBLIC);
        for (int i = 0; i < 8; i++) {
            BigInteger[] rs = signer.generateSignature(EcdsaSignatures.sha256(MESSAGE));
            BigInteger otherS = CURVE.getN().subtract(rs[1]);
            assertTrue(key.verify(MESSAGE, EcdsaSignatures.encode(rs[0], rs[1])), "seed " + seed);
            assertTrue(key.verify(MESSAGE, EcdsaSignatures.encode(rs[0], otherS)), "seed " + seed);
        }
    }

    @Test
    void signsDeterministicallyWithLowS() {
        PrivKey key = PrivKey.unmarshal(SPEC_PRIVATE);
        BigInteger halfN = CURVE.getN().shiftRight(1);
        for (int i = 0; i < 20; i++) {
            byte[] message = ("message " + i).getBytes(StandardCharsets.US_ASCII);
            byte[] signature = key.sign(message);
            assertArrayEquals(signature, key.sign(message), "RFC 6979 signatures are deterministic");
            BigInteger[] rs = EcdsaSignatures.decode(signature);
            assertTrue(rs[1].compareTo(halfN) <= 0, "low S");
            assertTrue(key.publicKey().verify(message, signature));
        }
    }

    @Test
    void rejectsATamperedSignatureOrMessage() {
        PrivKey key = Secp256k1.generate();
        byte[] signature = key.sign(MESSAGE);
        assertTrue(key.publicKey().verify(MESSAGE, signature));
        byte[] tampered = signature.clone();
        tampered[tampered.length - 1] ^= 1;
        assertFalse(key.publicKey().verify(MESSAGE, tampered));
        assertFalse(key.publicKey().verify("gossipsuB".getBytes(StandardCharsets.US_ASCII), signature));
        assertFalse(Secp256k1.generate().publicKey().verify(MESSAGE, signature));
    }

    @Test
    void rejectsMalformedSignaturesWithoutThrowing() {
        PubKey key = PubKey.unmarshal(SPEC_PUBLIC);
        byte[] good = PrivKey.unmarshal(SPEC_PRIVATE).sign(MESSAGE);
        assertFalse(key.verify(MESSAGE, new byte[0]));
        assertFalse(key.verify(MESSAGE, new byte[64]));
        assertFalse(key.verify(MESSAGE, hex("3006020100020100")), "r = s = 0");
        assertFalse(key.verify(MESSAGE, Ed25519.concat(good, new byte[] {0})), "trailing byte");
        // The same integers with a BER long-form length: valid BER, not DER.
        byte[] ber = new byte[good.length + 1];
        ber[0] = 0x30;
        ber[1] = (byte) 0x81;
        ber[2] = good[1];
        System.arraycopy(good, 2, ber, 3, good.length - 2);
        assertFalse(key.verify(MESSAGE, ber));
    }

    @Test
    void rejectsBadPublicKeys() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Secp256k1.publicKey(new byte[65]));
        assertTrue(e.getMessage().contains("33-byte compressed point"), e.getMessage());
        byte[] uncompressedPrefix = new byte[33];
        uncompressedPrefix[0] = 0x04;
        assertThrows(IllegalArgumentException.class, () -> Secp256k1.publicKey(uncompressedPrefix));
        byte[] offCurve = new byte[33];
        offCurve[0] = 0x02;
        offCurve[32] = 5; // x = 5: x^3 + 7 is not a square mod p
        e = assertThrows(IllegalArgumentException.class, () -> Secp256k1.publicKey(offCurve));
        assertTrue(e.getMessage().contains("not a point on the curve"), e.getMessage());
    }

    @Test
    void rejectsBadPrivateKeys() {
        assertThrows(IllegalArgumentException.class, () -> Secp256k1.fromPrivate(new byte[32]));
        byte[] n = BigIntegers.asUnsignedByteArray(32, CURVE.getN());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Secp256k1.fromPrivate(n));
        assertTrue(e.getMessage().contains("[1, n-1]"), e.getMessage());
        assertEquals("secp256k1 private key must be 32 bytes, got 31",
                assertThrows(IllegalArgumentException.class, () -> Secp256k1.fromPrivate(new byte[31]))
                        .getMessage());
    }

    @Test
    void generatedKeysRoundTripThroughTheirProtobuf() {
        PrivKey key = Secp256k1.generate();
        assertEquals(key, PrivKey.unmarshal(key.bytes()));
        assertEquals(key.publicKey(), PubKey.unmarshal(key.publicKey().bytes()));
    }
}
