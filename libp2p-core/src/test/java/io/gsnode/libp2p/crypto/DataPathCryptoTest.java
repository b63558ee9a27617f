package io.gsnode.libp2p.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.crypto.DataPathCrypto.Kind;
import io.gsnode.libp2p.crypto.DataPathCrypto.Mode;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** BoringSSL and the JDK give the same bytes, so the provider changes a node's cost and nothing it sends. */
class DataPathCryptoTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final DataPathCrypto JDK = DataPathCrypto.load(Mode.JDK);
    private static final DataPathCrypto NATIVE = DataPathCrypto.load(Mode.NATIVE);

    @Test
    void boringSslLoadsWhereConscryptShipsItsLibrary() {
        // The uber jar carries linux-x86_64 (and other platforms'): this project's machines must get it.
        if (System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64")) {
            assertEquals(Kind.NATIVE, NATIVE.kind());
        }
        assertEquals(Kind.JDK, JDK.kind());
        assertEquals("boringssl", Kind.NATIVE.label());
    }

    @Test
    void bothProvidersMatchRfc8439sAeadVector() throws Exception {
        // RFC 8439 §2.8.2.
        byte[] key = new byte[32];
        for (int i = 0; i < 32; i++) key[i] = (byte) (0x80 + i);
        byte[] nonce = HEX.parseHex("070000004041424344454647");
        byte[] aad = HEX.parseHex("50515253c0c1c2c3c4c5c6c7");
        byte[] plaintext = ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future,"
                + " sunscreen would be it.").getBytes(StandardCharsets.US_ASCII);
        String expected = "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b"
                + "1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4de"
                + "f08e4b7a9de576d26586cec64b6116" + "1ae10b594f09e26a7e902ecbd0600691";
        for (DataPathCrypto c : new DataPathCrypto[] {JDK, NATIVE}) {
            byte[] sealed = crypt(c, Cipher.ENCRYPT_MODE, key, nonce, aad, plaintext);
            assertEquals(expected, HEX.formatHex(sealed), c.kind().label());
            assertArrayEquals(plaintext, crypt(c, Cipher.DECRYPT_MODE, key, nonce, aad, sealed), c.kind().label());
        }
    }

    @Test
    void eachOpensWhatTheOtherSealsAtEveryFrameSize() throws Exception {
        Random random = new Random(7);
        // Empty, odd sizes around ChaCha20's 64-byte blocks and Poly1305's 16, and a full Noise frame.
        for (int size : new int[] {0, 1, 15, 16, 17, 63, 64, 65, 1000, 4096, 32_768, 65_519}) {
            byte[] key = bytes(random, 32), nonce = bytes(random, 12), aad = bytes(random, size % 3 == 0 ? 0 : 32);
            byte[] plaintext = bytes(random, size);
            byte[] byJdk = crypt(JDK, Cipher.ENCRYPT_MODE, key, nonce, aad, plaintext);
            byte[] byNative = crypt(NATIVE, Cipher.ENCRYPT_MODE, key, nonce, aad, plaintext);
            assertArrayEquals(byJdk, byNative, "size " + size);
            assertArrayEquals(plaintext, crypt(NATIVE, Cipher.DECRYPT_MODE, key, nonce, aad, byJdk), "size " + size);
            assertArrayEquals(plaintext, crypt(JDK, Cipher.DECRYPT_MODE, key, nonce, aad, byNative), "size " + size);
        }
    }

    @Test
    void aFlippedBitFailsAuthenticationWithEitherProvider() throws Exception {
        byte[] key = new byte[32], nonce = new byte[12];
        byte[] sealed = crypt(JDK, Cipher.ENCRYPT_MODE, key, nonce, null, new byte[100]);
        for (int at : new int[] {0, 99, sealed.length - 1}) {
            byte[] bad = sealed.clone();
            bad[at] ^= 1;
            for (DataPathCrypto c : new DataPathCrypto[] {JDK, NATIVE}) {
                // CipherState turns exactly this exception into a NoiseException that closes the connection.
                assertThrows(AEADBadTagException.class, () -> crypt(c, Cipher.DECRYPT_MODE, key, nonce, null, bad),
                        c.kind().label() + " at " + at);
            }
        }
    }

    @Test
    void sha256AgreesOnVectorsAndOnPiecewiseInput() {
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                HEX.formatHex(NATIVE.sha256("abc".getBytes(StandardCharsets.US_ASCII))));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", HEX.formatHex(NATIVE.sha256(new byte[0])));
        byte[] big = bytes(new Random(3), 1 << 20);
        assertArrayEquals(JDK.sha256(big), NATIVE.sha256(big));
        var md = NATIVE.newSha256();
        md.update(big, 0, 5);
        md.update(big[5]);
        md.update(big, 6, big.length - 6);
        assertArrayEquals(JDK.sha256(big), md.digest());
    }

    @Test
    void theProcessKeepsItsFirstChoice() {
        DataPathCrypto first = DataPathCrypto.process();
        assertSame(first, DataPathCrypto.configure(Mode.AUTO));
        Mode other = first.kind() == Kind.NATIVE ? Mode.JDK : Mode.NATIVE;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> DataPathCrypto.configure(other));
        assertTrue(e.getMessage().contains("already " + first.kind().label()), e.getMessage());
    }

    @Test
    void modesParseAndUnknownOnesAreNamed() {
        assertEquals(Mode.NATIVE, Mode.parse(" Native "));
        assertEquals(Mode.JDK, Mode.parse("jdk"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Mode.parse("openssl"));
        assertEquals("crypto must be auto, native or jdk, not 'openssl'", e.getMessage());
    }

    private static byte[] crypt(DataPathCrypto c, int mode, byte[] key, byte[] nonce, byte[] aad, byte[] input)
            throws Exception {
        Cipher cipher = c.newChaCha20Poly1305();
        cipher.init(mode, new SecretKeySpec(key, "ChaCha20"), new IvParameterSpec(nonce));
        if (aad != null && aad.length > 0) cipher.updateAAD(aad);
        return cipher.doFinal(input);
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
