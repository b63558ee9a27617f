package io.gsnode.benchmarks;

import io.gsnode.libp2p.crypto.DataPathCrypto;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The data path's two primitives ({@link DataPathCrypto}) from each provider, in a JVM that
 * compiles as a node's does (C1 only, {@code -XX:TieredStopAtLevel=1}): sealing and opening one
 * Noise transport frame (a fresh nonce per frame, as {@code CipherState} does), and SHA-256 (Prysm
 * ids, Merkle leaves), at 1 KiB (control), 32 KiB (a segment) and 65,519 bytes (a full Noise frame's
 * plaintext). For C2's figures, run with {@code -jvmArgsAppend -XX:TieredStopAtLevel=4}.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED"})
public class DataPathCryptoBenchmark extends AbstractMicrobenchmark {

    @Param({"native", "jdk"})
    String crypto;

    @Param({"1024", "32768", "65519"})
    int bytes;

    private Cipher cipher;
    private MessageDigest sha256;
    private SecretKeySpec key;
    private final byte[] nonce = new byte[12];
    private long counter;
    private byte[] plaintext;
    private byte[] sealed;
    private byte[] out;

    @Setup
    public void setUp() throws GeneralSecurityException {
        DataPathCrypto provider = DataPathCrypto.load(DataPathCrypto.Mode.parse(crypto));
        String expected = crypto.equals("native") ? DataPathCrypto.BORINGSSL : DataPathCrypto.JDK;
        if (!provider.aeadProvider().equals(expected) || !provider.sha256Provider().equals(expected)) {
            throw new IllegalStateException("asked for " + crypto + ", got " + provider.describe());
        }
        cipher = provider.newChaCha20Poly1305();
        sha256 = provider.newSha256();
        SplittableRandom rnd = new SplittableRandom(7);
        byte[] k = new byte[32];
        for (int i = 0; i < k.length; i++) k[i] = (byte) rnd.nextInt();
        key = new SecretKeySpec(k, "ChaCha20");
        plaintext = random(rnd, bytes);
        out = new byte[bytes + 16];
        cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[12]));
        sealed = cipher.doFinal(plaintext);
    }

    @Benchmark
    public int sealFrame() throws GeneralSecurityException {
        long n = ++counter;
        for (int i = 0; i < 8; i++) nonce[4 + i] = (byte) (n >>> (8 * i));
        cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce));
        return cipher.doFinal(plaintext, 0, plaintext.length, out, 0);
    }

    @Benchmark
    public int openFrame() throws GeneralSecurityException {
        cipher.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(new byte[12]));
        return cipher.doFinal(sealed, 0, sealed.length, out, 0);
    }

    @Benchmark
    public byte[] sha256() {
        return sha256.digest(plaintext);
    }

    private static byte[] random(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) rnd.nextInt();
        return b;
    }
}
