package io.gsnode.libp2p.crypto;

import static io.gsnode.libp2p.crypto.TlsHandshakeVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class Ed25519Test {

    /** peer-ids spec "Test vectors": ED25519 private key and its public key. */
    private static final byte[] SPEC_PRIVATE = hex(
            "080112407e0830617c4a7de83925dfb2694556b12936c477a0e1feb2e148ec9da60fee7d1ed1e8fae2c4a1"
                    + "44b8be8fd4b47bf3d3b34b871c3cacf6010f0e42d474fce27e");
    private static final byte[] SPEC_PUBLIC =
            hex("080112201ed1e8fae2c4a144b8be8fd4b47bf3d3b34b871c3cacf6010f0e42d474fce27e");

    private static final byte[] MESSAGE = "gossipsub".getBytes(StandardCharsets.US_ASCII);

    @Test
    void derivesThePeerIdsSpecPublicKeyFromItsPrivateKey() {
        PrivKey key = PrivKey.unmarshal(SPEC_PRIVATE);
        assertEquals(KeyType.ED25519, key.type());
        assertArrayEquals(SPEC_PUBLIC, key.publicKey().bytes());
        assertArrayEquals(SPEC_PRIVATE, key.bytes());
        assertEquals(36, key.publicKey().bytes().length);
    }

    @Test
    void derivesThePeerIdsSpecPublicKeyFromTheSeed() {
        PrivKey key = Ed25519.fromSeed(Arrays.copyOfRange(SPEC_PRIVATE, 4, 36));
        assertArrayEquals(Arrays.copyOfRange(SPEC_PUBLIC, 4, 36), key.publicKey().raw());
        assertEquals(PubKey.unmarshal(SPEC_PUBLIC), key.publicKey());
    }

    @Test
    void matchesRfc8032TestVectors() {
        // RFC 8032 §7.1, TEST 1 (empty message) and TEST 2 (one byte, 0x72).
        String[][] vectors = {
            {"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
             "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
             "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e"
                     + "39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
            {"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
             "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
             "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f"
                     + "3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
        };
        for (String[] v : vectors) {
            PrivKey key = Ed25519.fromSeed(hex(v[0]));
            assertArrayEquals(hex(v[1]), key.publicKey().raw());
            byte[] signature = key.sign(hex(v[2]));
            assertArrayEquals(hex(v[3]), signature);
            assertTrue(Ed25519.publicKey(hex(v[1])).verify(hex(v[2]), hex(v[3])));
        }
    }

    @Test
    void verifiesTheTlsSpecCertificateSignature() {
        PubKey key = PubKey.unmarshal(TlsHandshakeVectors.ED25519_KEY);
        assertTrue(key.verify(TlsHandshakeVectors.signedMessage(), TlsHandshakeVectors.ED25519_SIGNATURE));
    }

    @Test
    void signsAndVerifies() {
        PrivKey key = Ed25519.generate();
        byte[] signature = key.sign(MESSAGE);
        assertEquals(64, signature.length);
        assertTrue(key.publicKey().verify(MESSAGE, signature));
    }

    @Test
    void rejectsATamperedSignatureOrMessage() {
        PrivKey key = Ed25519.fromIndex(7);
        byte[] signature = key.sign(MESSAGE);
        byte[] tampered = signature.clone();
        tampered[10] ^= 1;
        assertFalse(key.publicKey().verify(MESSAGE, tampered));
        byte[] otherMessage = MESSAGE.clone();
        otherMessage[0] ^= 1;
        assertFalse(key.publicKey().verify(otherMessage, signature));
        assertFalse(Ed25519.fromIndex(8).publicKey().verify(MESSAGE, signature));
    }

    @Test
    void rejectsMalformedSignaturesWithoutThrowing() {
        PubKey key = Ed25519.fromIndex(1).publicKey();
        assertFalse(key.verify(MESSAGE, new byte[0]));
        assertFalse(key.verify(MESSAGE, new byte[63]));
        assertFalse(key.verify(MESSAGE, new byte[65]));
        byte[] ones = new byte[64];
        Arrays.fill(ones, (byte) 0xff); // S >= L and R not a point
        assertFalse(key.verify(MESSAGE, ones));
    }

    @Test
    void aPublicKeyOffTheCurveVerifiesNothing() {
        // y = 2 has no x on edwards25519; the key parses (go only checks the length) but never verifies.
        byte[] raw = new byte[32];
        raw[0] = 2;
        PubKey key = Ed25519.publicKey(raw);
        assertFalse(key.verify(MESSAGE, Ed25519.fromIndex(1).sign(MESSAGE)));
    }

    @Test
    void fromIndexPutsTheIndexLittleEndianInTheSeed() {
        byte[] seed = new byte[32];
        seed[0] = 0x02;
        seed[1] = 0x01;
        assertEquals(Ed25519.fromSeed(seed), Ed25519.fromIndex(0x0102));
        byte[] max = new byte[32];
        Arrays.fill(max, 0, 8, (byte) 0xff);
        assertEquals(Ed25519.fromSeed(max), Ed25519.fromIndex(-1));
        assertNotEquals(Ed25519.fromIndex(0), Ed25519.fromIndex(1));
    }

    @Test
    void acceptsTheLegacyNinetySixBytePrivateKey() {
        byte[] data = Arrays.copyOfRange(SPEC_PRIVATE, 4, 68);
        byte[] legacy = Ed25519.concat(data, Arrays.copyOfRange(data, 32, 64));
        PrivKey key = PrivKey.unmarshal(KeyProtobuf.encode(KeyType.ED25519, legacy));
        assertArrayEquals(SPEC_PRIVATE, key.bytes());
    }

    @Test
    void rejectsInconsistentPrivateKeys() {
        byte[] data = Arrays.copyOfRange(SPEC_PRIVATE, 4, 68);
        byte[] legacy = Ed25519.concat(data, Arrays.copyOfRange(data, 32, 64));
        legacy[95] ^= 1;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PrivKey.unmarshal(KeyProtobuf.encode(KeyType.ED25519, legacy)));
        assertTrue(e.getMessage().contains("two different public keys"), e.getMessage());

        byte[] wrongPublic = data.clone();
        wrongPublic[40] ^= 1;
        e = assertThrows(IllegalArgumentException.class,
                () -> PrivKey.unmarshal(KeyProtobuf.encode(KeyType.ED25519, wrongPublic)));
        assertTrue(e.getMessage().contains("does not belong to its seed"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class,
                () -> PrivKey.unmarshal(KeyProtobuf.encode(KeyType.ED25519, new byte[32])));
        assertTrue(e.getMessage().contains("got 32"), e.getMessage());
    }

    @Test
    void rejectsWrongSizedKeys() {
        assertEquals("Ed25519 public key must be 32 bytes, got 33",
                assertThrows(IllegalArgumentException.class, () -> Ed25519.publicKey(new byte[33]))
                        .getMessage());
        assertEquals("Ed25519 seed must be 32 bytes, got 31",
                assertThrows(IllegalArgumentException.class, () -> Ed25519.fromSeed(new byte[31]))
                        .getMessage());
    }

    @Test
    void privateKeyToStringHidesTheSeed() {
        PrivKey key = Ed25519.fromSeed(hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"));
        assertFalse(key.toString().contains("9d61b1"), key.toString());
        assertTrue(key.toString().contains("d75a9801"), key.toString());
    }
}
