package io.gsnode.libp2p.crypto;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.Locale;
import javax.crypto.Cipher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the data path's ChaCha20-Poly1305 (Noise transport frames) and SHA-256 (message ids,
 * Merkle trees) come from: BoringSSL through Conscrypt when its native library loads on this
 * platform, else the JDK.
 *
 * <p>Why: a node runs C1 only, and the JDK implements both primitives in Java with intrinsics that
 * only C2 uses, so on this project's machines a C1 node encrypts at ~170 MB/s and hashes at
 * ~150 MB/s where BoringSSL does ~2,000 and ~500 (docs/performance.md). Every byte a node receives
 * is decrypted once and every message hashed, duplicates included.
 *
 * <p>The choice is made once per process ({@link #configure}; {@code gsnode run --crypto}), before
 * the first connection, and is the same for every caller: both sides of a Noise session compute the
 * same bytes whichever provider each uses (the tests prove it), so the choice changes cost, never
 * what goes on the wire. Without {@link #configure}, the first use takes the mode of the system
 * property {@value #MODE_PROPERTY}, {@link Mode#AUTO} by default. The
 * native library is looked up on {@code java.library.path} ({@code app/target/native}, one copy that
 * every node maps) and, when the classpath carries it, extracted from there.
 */
public final class DataPathCrypto {

    /** What a node asks for. */
    public enum Mode {
        /** BoringSSL when it loads, else the JDK (with one warning). */
        AUTO,
        /** BoringSSL, or fail: a cell that asked for native crypto must not silently measure the JDK's. */
        NATIVE,
        /** The JDK's providers. */
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

    /** The provider a process ended up with. */
    public enum Kind {
        NATIVE("boringssl"), JDK("jdk");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The record's name for it: {@code boringssl} or {@code jdk}. */
        public String label() {
            return label;
        }
    }

    /** The system property that gives the mode when nothing configured one: auto, native or jdk. */
    public static final String MODE_PROPERTY = "gsnode.crypto";

    private static final Logger LOG = LoggerFactory.getLogger(DataPathCrypto.class);
    private static final String CONSCRYPT_PROVIDER = "org.conscrypt.OpenSSLProvider";
    private static final String NATIVE_AEAD = "ChaCha20/Poly1305/NoPadding";
    private static final String JDK_AEAD = "ChaCha20-Poly1305";

    private static volatile DataPathCrypto process;

    private final Kind kind;
    private final Provider provider;

    private DataPathCrypto(Kind kind, Provider provider) {
        this.kind = kind;
        this.provider = provider;
    }

    /**
     * Picks the provider of this process. A second call that asks for another provider than the
     * first got is refused: every node of one process (tests, the JIT warm-up) shares one choice.
     *
     * @throws IllegalStateException when {@link Mode#NATIVE} was asked for and BoringSSL does not load
     */
    public static synchronized DataPathCrypto configure(Mode mode) {
        DataPathCrypto made = process;
        if (made == null) {
            process = load(mode);
            return process;
        }
        if (mode == Mode.NATIVE && made.kind != Kind.NATIVE || mode == Mode.JDK && made.kind != Kind.JDK) {
            throw new IllegalStateException("data-path crypto is already " + made.kind.label() + " in this process");
        }
        return made;
    }

    /**
     * The process's provider; if nothing was configured before, the mode of the system property
     * {@value #MODE_PROPERTY} ({@code auto} when absent), so that a node's JVM flags can choose it.
     */
    public static DataPathCrypto process() {
        DataPathCrypto c = process;
        return c != null ? c : configure(Mode.parse(System.getProperty(MODE_PROPERTY, "auto")));
    }

    /**
     * A provider of its own, outside the process's choice: for tests and benchmarks that set the
     * two side by side.
     *
     * @throws IllegalStateException when {@link Mode#NATIVE} was asked for and BoringSSL does not load
     */
    public static DataPathCrypto load(Mode mode) {
        if (mode == Mode.JDK) return new DataPathCrypto(Kind.JDK, null);
        try {
            Provider p = (Provider) Class.forName(CONSCRYPT_PROVIDER).getDeclaredConstructor().newInstance();
            // Both services must exist: a provider with only one would split the data path.
            Cipher.getInstance(NATIVE_AEAD, p);
            MessageDigest.getInstance("SHA-256", p);
            return new DataPathCrypto(Kind.NATIVE, p);
        } catch (ReflectiveOperationException | GeneralSecurityException | LinkageError e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String why = "BoringSSL (Conscrypt) did not load on " + System.getProperty("os.name") + "/"
                    + System.getProperty("os.arch") + ": " + cause;
            if (mode == Mode.NATIVE) throw new IllegalStateException(why, e);
            LOG.warn("{}; the data path uses the JDK's ChaCha20-Poly1305 and SHA-256", why);
            return new DataPathCrypto(Kind.JDK, null);
        }
    }

    /** Which provider this is. */
    public Kind kind() {
        return kind;
    }

    /** A fresh ChaCha20-Poly1305 AEAD cipher (RFC 8439: 32-byte key, 12-byte nonce, 16-byte tag). */
    public Cipher newChaCha20Poly1305() {
        try {
            return provider == null ? Cipher.getInstance(JDK_AEAD) : Cipher.getInstance(NATIVE_AEAD, provider);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(kind.label() + " lacks ChaCha20-Poly1305", e);
        }
    }

    /** A fresh SHA-256 digest; not thread-safe, so one per use or per thread. */
    public MessageDigest newSha256() {
        try {
            return provider == null ? MessageDigest.getInstance("SHA-256") : MessageDigest.getInstance("SHA-256", provider);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(kind.label() + " lacks SHA-256", e);
        }
    }

    /** SHA-256 of {@code data}. */
    public byte[] sha256(byte[] data) {
        return newSha256().digest(data);
    }
}
