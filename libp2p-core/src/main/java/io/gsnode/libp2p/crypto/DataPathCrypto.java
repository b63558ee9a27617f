package io.gsnode.libp2p.crypto;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Cipher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the data path's ChaCha20-Poly1305 (Noise transport frames) and SHA-256 (message ids,
 * Merkle trees) come from: BoringSSL through Conscrypt, or the JDK, whichever is faster here.
 *
 * <p>Why: a node runs C1 only, and the JDK implements both primitives in Java with intrinsics that
 * only C2 uses, so on this project's machines a C1 node seals a 64 KiB Noise frame in 346 us and
 * hashes 64 KiB in 417 us where BoringSSL takes 30 and 130
 * (docs/findings/performance-measurements.md). Every byte a node
 * receives is decrypted once and every message hashed, duplicates included. With C2 the JDK's
 * SHA-256 intrinsic (SHA extensions) is about three times faster than this BoringSSL build's, while
 * BoringSSL's AEAD stays ahead of the JDK's at any tier, so {@link Mode#AUTO} takes the AEAD from
 * BoringSSL and SHA-256 from BoringSSL only in a JVM without C2's intrinsic.
 *
 * <p>The choice is made once per process ({@link #configure}; {@code gsnode run --crypto}), before
 * the first connection, and is the same for every caller: both sides of a Noise session compute the
 * same bytes whichever provider each uses (the tests prove it), so the choice changes cost, never
 * what goes on the wire. Without {@link #configure}, the first use takes the mode of the system
 * property {@value #MODE_PROPERTY}, {@link Mode#AUTO} by default. The native library is looked up
 * on {@code java.library.path} ({@code app/target/native}, one copy that every node maps) and, when
 * the classpath carries it, extracted from there.
 */
public final class DataPathCrypto {

    /** What a node asks for. */
    public enum Mode {
        /** The faster provider of each primitive (above); the JDK's for both, with one warning, when BoringSSL does not load. */
        AUTO,
        /** BoringSSL for both, or fail: a cell that asked for native crypto must not silently measure the JDK's. */
        NATIVE,
        /** The JDK's providers for both. */
        JDK;

        /** {@code auto}, {@code native} or {@code jdk}. */
        public static Mode parse(String text) {
            try {
                return valueOf(text.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("crypto must be auto, native or jdk, not '" + text + "'");
            }
        }
    }

    /** The record's name of BoringSSL (through Conscrypt). */
    public static final String BORINGSSL = "boringssl";
    /** The record's name of the JDK's providers. */
    public static final String JDK = "jdk";
    /** The system property that gives the mode when nothing configured one: auto, native or jdk. */
    public static final String MODE_PROPERTY = "gsnode.crypto";

    private static final Logger LOG = LoggerFactory.getLogger(DataPathCrypto.class);
    private static final String CONSCRYPT_PROVIDER = "org.conscrypt.OpenSSLProvider";
    private static final String NATIVE_AEAD = "ChaCha20/Poly1305/NoPadding";
    private static final String JDK_AEAD = "ChaCha20-Poly1305";

    private static volatile DataPathCrypto process;

    private final Mode mode;
    /** Null: the JDK's. */
    private final Provider aead;
    /** Null: the JDK's. */
    private final Provider sha256;

    private DataPathCrypto(Mode mode, Provider aead, Provider sha256) {
        this.mode = mode;
        this.aead = aead;
        this.sha256 = sha256;
    }

    /**
     * Picks the providers of this process. A second call with another mode than the first is
     * refused: every node of one process (tests, the JIT warm-up) shares one choice.
     *
     * @throws IllegalStateException when {@link Mode#NATIVE} was asked for and BoringSSL does not load
     */
    public static synchronized DataPathCrypto configure(Mode mode) {
        DataPathCrypto made = process;
        if (made == null) {
            process = load(mode);
            return process;
        }
        if (mode != made.mode) {
            throw new IllegalStateException("data-path crypto is already " + made.mode.name().toLowerCase(Locale.ROOT)
                    + " in this process");
        }
        return made;
    }

    /**
     * The process's providers; if nothing was configured before, those of the mode in the system
     * property {@value #MODE_PROPERTY} ({@code auto} when absent), so that a node's JVM flags can choose.
     */
    public static DataPathCrypto process() {
        DataPathCrypto c = process;
        return c != null ? c : configure(Mode.parse(System.getProperty(MODE_PROPERTY, "auto")));
    }

    /**
     * Providers of their own, outside the process's choice: for tests and benchmarks that set the
     * two side by side.
     *
     * @throws IllegalStateException when {@link Mode#NATIVE} was asked for and BoringSSL does not load
     */
    public static DataPathCrypto load(Mode mode) {
        if (mode == Mode.JDK) return new DataPathCrypto(mode, null, null);
        Provider boringSsl;
        try {
            boringSsl = (Provider) Class.forName(CONSCRYPT_PROVIDER).getDeclaredConstructor().newInstance();
            // Both services must exist: a provider with only one would split the data path.
            Cipher.getInstance(NATIVE_AEAD, boringSsl);
            MessageDigest.getInstance("SHA-256", boringSsl);
        } catch (ReflectiveOperationException | GeneralSecurityException | LinkageError e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String why = "BoringSSL (Conscrypt) did not load on " + System.getProperty("os.name") + "/"
                    + System.getProperty("os.arch") + ": " + cause;
            if (mode == Mode.NATIVE) throw new IllegalStateException(why, e);
            LOG.warn("{}; the data path uses the JDK's ChaCha20-Poly1305 and SHA-256", why);
            return new DataPathCrypto(mode, null, null);
        }
        boolean jdkShaFaster = mode == Mode.AUTO && JitIntrinsics.sha256();
        return new DataPathCrypto(mode, boringSsl, jdkShaFaster ? null : boringSsl);
    }

    /** {@link #BORINGSSL} or {@link #JDK}: where ChaCha20-Poly1305 runs. */
    public String aeadProvider() {
        return aead == null ? JDK : BORINGSSL;
    }

    /** {@link #BORINGSSL} or {@link #JDK}: where SHA-256 runs. */
    public String sha256Provider() {
        return sha256 == null ? JDK : BORINGSSL;
    }

    /** The record's {@code config.crypto}: the mode asked for and each primitive's provider. */
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("mode", mode.name().toLowerCase(Locale.ROOT));
        m.put("chacha20_poly1305", aeadProvider());
        m.put("sha256", sha256Provider());
        return m;
    }

    /** A fresh ChaCha20-Poly1305 AEAD cipher (RFC 8439: 32-byte key, 12-byte nonce, 16-byte tag). */
    public Cipher newChaCha20Poly1305() {
        try {
            return aead == null ? Cipher.getInstance(JDK_AEAD) : Cipher.getInstance(NATIVE_AEAD, aead);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(aeadProvider() + " lacks ChaCha20-Poly1305", e);
        }
    }

    /** A fresh SHA-256 digest; not thread-safe, so one per use or per thread. */
    public MessageDigest newSha256() {
        try {
            return sha256 == null ? MessageDigest.getInstance("SHA-256") : MessageDigest.getInstance("SHA-256", sha256);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(sha256Provider() + " lacks SHA-256", e);
        }
    }

    /** SHA-256 of {@code data}. */
    public byte[] sha256(byte[] data) {
        return newSha256().digest(data);
    }
}
