package io.gsnode.libp2p.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.crypto.DataPathCrypto.Mode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
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
        // load(NATIVE) throws where it does not; the uber jar carries linux-x86_64 among others.
        assertEquals(Map.of("mode", "native", "chacha20_poly1305", "boringssl", "sha256", "boringssl"), NATIVE.describe());
        assertEquals(Map.of("mode", "jdk", "chacha20_poly1305", "jdk", "sha256", "jdk"), JDK.describe());
    }

    @Test
    void autoTakesTheAeadFromBoringSslAndSha256FromWhicheverIsFasterUnderThisJit() {
        DataPathCrypto auto = DataPathCrypto.load(Mode.AUTO);
        assertEquals("boringssl", auto.aeadProvider());
        // This JVM's flags decide: C1 only (a node), BoringSSL; C2 with the SHA intrinsic, the JDK.
        assertEquals(JitIntrinsics.sha256() ? "jdk" : "boringssl", auto.sha256Provider());
    }

    @Test
    void aC1OnlyJvmHasNoSha256IntrinsicAndAC2JvmHasOneWhereTheCpuDoes() throws Exception {
        assertEquals("false", jitIntrinsicInJvm("-XX:TieredStopAtLevel=1"));
        assertEquals("false", jitIntrinsicInJvm("-Xint"));
        assertEquals("false", jitIntrinsicInJvm("-XX:TieredStopAtLevel=4", "-XX:-UseSHA"), "the CPU's SHA off");
        assertEquals("false", jitIntrinsicInJvm("-XX:TieredStopAtLevel=4", "-XX:+UnlockDiagnosticVMOptions",
                "-XX:-UseSHA256Intrinsics"), "the intrinsic off");
        // On by default where the CPU has the SHA extensions (this project's machines do).
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (Files.isReadable(cpuinfo) && Files.readString(cpuinfo).contains(" sha_ni")) {
            assertEquals("true", jitIntrinsicInJvm("-XX:TieredStopAtLevel=4"));
        }
    }

    /** Runs {@link JitIntrinsics#sha256} in a JVM of its own with {@code flags}. */
    private static String jitIntrinsicInJvm(String... flags) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), PrintSha256Intrinsic.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        return out;
    }

    /** The child JVM of {@link #jitIntrinsicInJvm}. */
    static final class PrintSha256Intrinsic {
        public static void main(String[] args) {
            System.out.println(JitIntrinsics.sha256());
        }
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
            assertEquals(expected, HEX.formatHex(sealed), c.aeadProvider());
            assertArrayEquals(plaintext, crypt(c, Cipher.DECRYPT_MODE, key, nonce, aad, sealed), c.aeadProvider());
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
                        c.aeadProvider() + " at " + at);
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
        assertEquals("auto", first.describe().get("mode"), "nothing set " + DataPathCrypto.MODE_PROPERTY);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> DataPathCrypto.configure(Mode.JDK));
        assertEquals("data-path crypto is already auto in this process", e.getMessage());
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
