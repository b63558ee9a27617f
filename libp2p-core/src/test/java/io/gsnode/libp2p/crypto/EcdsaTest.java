package io.gsnode.libp2p.crypto;

import static io.gsnode.libp2p.crypto.TlsHandshakeVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class EcdsaTest {

    /** peer-ids spec "Test vectors": ECDSA private key (SEC 1 DER) and its public key. */
    private static final byte[] SPEC_PRIVATE = hex(
            "08031279307702010104203E5B1FE9712E6C314942A750BD67485DE3C1EFE85B1BFB520AE8F9AE3DFA4A"
                    + "4CA00A06082A8648CE3D030107A14403420004DE3D300FA36AE0E8F5D530899D83ABAB44ABF316"
                    + "1F162A4BC901D8E6ECDA020E8B6D5F8DA30525E71D6851510C098E5C47C646A597FB4DCEC034E9"
                    + "F77C409E62");
    private static final byte[] SPEC_PUBLIC = hex(
            "0803125b3059301306072a8648ce3d020106082a8648ce3d03010703420004de3d300fa36ae0e8f5d530"
                    + "899d83abab44abf3161f162a4bc901d8e6ecda020e8b6d5f8da30525e71d6851510c098e5c47c6"
                    + "46a597fb4dcec034e9f77c409e62");

    private static final byte[] MESSAGE = "gossipsub".getBytes(StandardCharsets.US_ASCII);

    @Test
    void derivesThePeerIdsSpecPublicKeyFromItsPrivateKey() {
        PrivKey key = PrivKey.unmarshal(SPEC_PRIVATE);
        assertEquals(KeyType.ECDSA, key.type());
        assertArrayEquals(SPEC_PUBLIC, key.publicKey().bytes());
        assertArrayEquals(SPEC_PRIVATE, key.bytes(), "SEC 1 DER, byte for byte as go writes it");
        assertEquals(95, key.publicKey().bytes().length);
    }

    @Test
    void verifiesTheTlsSpecCertificateSignature() {
        PubKey key = PubKey.unmarshal(TlsHandshakeVectors.ECDSA_KEY);
        assertEquals(KeyType.ECDSA, key.type());
        assertTrue(key.verify(TlsHandshakeVectors.signedMessage(), TlsHandshakeVectors.ECDSA_SIGNATURE));
    }

    @Test
    void rejectsTheTlsSpecInvalidCertificateSignature() {
        PubKey key = PubKey.unmarshal(TlsHandshakeVectors.ECDSA_KEY);
        assertFalse(key.verify(TlsHandshakeVectors.signedMessage(),
                TlsHandshakeVectors.INVALID_ECDSA_SIGNATURE));
    }

    @Test
    void signsAndVerifies() {
        PrivKey key = Ecdsa.generate();
        byte[] signature = key.sign(MESSAGE);
        assertEquals(0x30, signature[0], "DER SEQUENCE");
        assertTrue(key.publicKey().verify(MESSAGE, signature));
    }

    @Test
    void rejectsATamperedSignatureOrMessage() {
        PrivKey key = PrivKey.unmarshal(SPEC_PRIVATE);
        byte[] signature = key.sign(MESSAGE);
        byte[] tampered = signature.clone();
        tampered[tampered.length - 1] ^= 1;
        assertFalse(key.publicKey().verify(MESSAGE, tampered));
        assertFalse(key.publicKey().verify("gossipsuB".getBytes(StandardCharsets.US_ASCII), signature));
        assertFalse(Ecdsa.generate().publicKey().verify(MESSAGE, signature));
    }

    @Test
    void rejectsMalformedSignaturesWithoutThrowing() {
        PubKey key = PubKey.unmarshal(SPEC_PUBLIC);
        assertFalse(key.verify(MESSAGE, new byte[0]));
        assertFalse(key.verify(MESSAGE, new byte[64]));
        assertFalse(key.verify(MESSAGE, hex("3006020100020100")));
        assertFalse(key.verify(MESSAGE, hex("30ff")));
    }

    @Test
    void generatedKeysRoundTripThroughTheirProtobuf() {
        PrivKey key = Ecdsa.generate();
        PrivKey again = PrivKey.unmarshal(key.bytes());
        assertEquals(key, again);
        assertEquals(key.publicKey(), again.publicKey());
        assertTrue(again.publicKey().verify(MESSAGE, key.sign(MESSAGE)));
    }

    @Test
    void rejectsCurvesOtherThanP256() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp384r1"));
        byte[] p384 = generator.generateKeyPair().getPublic().getEncoded();
        UnsupportedKeyException e =
                assertThrows(UnsupportedKeyException.class, () -> Ecdsa.publicKey(p384));
        assertTrue(e.getMessage().contains("only P-256"), e.getMessage());
    }

    @Test
    void rejectsMalformedAndNonCanonicalPublicKeys() {
        byte[] spki = Arrays.copyOfRange(SPEC_PUBLIC, 4, SPEC_PUBLIC.length);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Ecdsa.publicKey(Arrays.copyOf(spki, 50)));
        assertTrue(e.getMessage().startsWith("ECDSA public key is not a valid EC SubjectPublicKeyInfo"),
                e.getMessage());
        byte[] offCurve = spki.clone();
        offCurve[offCurve.length - 1] ^= 1;
        assertThrows(IllegalArgumentException.class, () -> Ecdsa.publicKey(offCurve));
        assertThrows(IllegalArgumentException.class, () -> Ecdsa.publicKey(Ed25519.concat(spki, new byte[] {0})));
    }

    @Test
    void rejectsPrivateKeysThatAreNotSec1P256() {
        byte[] der = Arrays.copyOfRange(SPEC_PRIVATE, 4, SPEC_PRIVATE.length);
        byte[] wrongPublic = der.clone();
        wrongPublic[wrongPublic.length - 1] ^= 1;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PrivKey.unmarshal(KeyProtobuf.encode(KeyType.ECDSA, wrongPublic)));
        assertTrue(e.getMessage().contains("does not belong"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> PrivKey.unmarshal(KeyProtobuf.encode(KeyType.ECDSA, hex("0102"))));
        assertTrue(e.getMessage().startsWith("ECDSA private key is not SEC 1"), e.getMessage());
    }
}
