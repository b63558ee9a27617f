package io.gsnode.libp2p.crypto;

import static io.gsnode.libp2p.crypto.TlsHandshakeVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.protobuf.ProtoWriter;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PubKeyTest {

    private static final byte[] ED25519 =
            hex("080112201ed1e8fae2c4a144b8be8fd4b47bf3d3b34b871c3cacf6010f0e42d474fce27e");

    @Test
    void keyTypeCodesMatchTheProtobufEnum() {
        assertEquals(0, KeyType.RSA.code());
        assertEquals(1, KeyType.ED25519.code());
        assertEquals(2, KeyType.SECP256K1.code());
        assertEquals(3, KeyType.ECDSA.code());
        for (KeyType t : KeyType.values()) {
            assertEquals(t, KeyType.of(t.code()));
        }
        UnsupportedKeyException e = assertThrows(UnsupportedKeyException.class, () -> KeyType.of(4));
        assertTrue(e.getMessage().startsWith("unknown key type 4"), e.getMessage());
    }

    @Test
    void unmarshalsEachSupportedType() {
        assertEquals(KeyType.ED25519, PubKey.unmarshal(ED25519).type());
        assertEquals(KeyType.SECP256K1, PubKey.unmarshal(TlsHandshakeVectors.SECP256K1_KEY).type());
        assertEquals(KeyType.ECDSA, PubKey.unmarshal(TlsHandshakeVectors.ECDSA_KEY).type());
        assertArrayEquals(ED25519, PubKey.unmarshal(ED25519).bytes());
        assertArrayEquals(hex("1ed1e8fae2c4a144b8be8fd4b47bf3d3b34b871c3cacf6010f0e42d474fce27e"),
                PubKey.unmarshal(ED25519).raw());
    }

    @Test
    void rejectsRsaClearly() {
        UnsupportedKeyException e = assertThrows(UnsupportedKeyException.class,
                () -> PubKey.unmarshal(hex("080012023082")));
        assertTrue(e.getMessage().startsWith("RSA public keys are not supported"), e.getMessage());
        assertThrows(UnsupportedKeyException.class, () -> PrivKey.unmarshal(hex("080012023082")));
    }

    @Test
    void rejectsUnknownTypes() {
        UnsupportedKeyException e = assertThrows(UnsupportedKeyException.class,
                () -> PubKey.unmarshal(hex("0807120100")));
        assertTrue(e.getMessage().startsWith("unknown key type 7"), e.getMessage());
        assertThrows(UnsupportedKeyException.class,
                () -> PubKey.unmarshal(hex("08ffffffffffffffffff01120100")));
    }

    @Test
    void rejectsMissingOrMalformedFields() {
        assertEquals("PublicKey protobuf lacks the required Data field (2)",
                assertThrows(IllegalArgumentException.class, () -> PubKey.unmarshal(hex("0801")))
                        .getMessage());
        assertEquals("PublicKey protobuf lacks the required Type field (1)",
                assertThrows(IllegalArgumentException.class, () -> PubKey.unmarshal(hex("120100")))
                        .getMessage());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PubKey.unmarshal(hex("08011221")));
        assertTrue(e.getMessage().startsWith("malformed PublicKey protobuf:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PubKey.unmarshal(hex("0801121f" + "00".repeat(31))));
    }

    @Test
    void reEncodesCanonicallyWhateverTheInputOrder() {
        byte[] raw = PubKey.unmarshal(ED25519).raw();
        byte[] reordered = new ProtoWriter()
                .writeBytesField(2, raw)
                .writeStringField(9, "unknown field")
                .writeVarintField(1, 1)
                .toByteArray();
        PubKey key = PubKey.unmarshal(reordered);
        assertArrayEquals(ED25519, key.bytes());
        assertEquals(PubKey.unmarshal(ED25519), key);
    }

    @Test
    void equalityFollowsTheProtobufBytes() {
        PubKey a = PubKey.unmarshal(ED25519);
        PubKey b = PubKey.unmarshal(ED25519.clone());
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, Ed25519.fromIndex(0).publicKey());
        assertNotEquals(a, PubKey.unmarshal(TlsHandshakeVectors.SECP256K1_KEY));
    }

    @Test
    void verifyNeverThrowsOnRandomKeysAndSignatures() {
        long seed = 0xf022L;
        Random random = new Random(seed);
        PubKey[] keys = {
            Ed25519.fromIndex(3).publicKey(),
            Secp256k1.generate().publicKey(),
            Ecdsa.generate().publicKey(),
        };
        byte[] message = {1, 2, 3};
        for (int i = 0; i < 300; i++) {
            byte[] signature = new byte[random.nextInt(80)];
            random.nextBytes(signature);
            if (signature.length > 2 && random.nextBoolean()) {
                signature[0] = 0x30; // look like DER to get past the first check
                signature[1] = (byte) (signature.length - 2);
            }
            for (PubKey key : keys) {
                assertFalse(key.verify(message, signature), "seed " + seed + ", case " + i);
            }
            byte[] raw = new byte[32];
            random.nextBytes(raw);
            PubKey randomKey;
            try {
                randomKey = Ed25519.publicKey(raw);
            } catch (IllegalArgumentException e) {
                continue; // a rejected encoding is fine; throwing from verify is not
            }
            byte[] edSignature = new byte[64];
            random.nextBytes(edSignature);
            assertFalse(randomKey.verify(message, edSignature), "seed " + seed + ", case " + i);
        }
    }

    @Test
    void returnedArraysAreCopies() {
        PubKey key = PubKey.unmarshal(ED25519);
        key.bytes()[5] ^= 1;
        key.raw()[0] ^= 1;
        assertArrayEquals(ED25519, key.bytes());
    }
}
