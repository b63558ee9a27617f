package io.gsnode.transport.tcp.noise;

import io.gsnode.libp2p.crypto.DataPathCrypto;
import java.security.GeneralSecurityException;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A Noise CipherState: ChaCha20-Poly1305 with a 64-bit counter nonce (4 zero bytes, then the
 * counter little-endian), from the process's {@link DataPathCrypto} (BoringSSL or the JDK: the
 * bytes are the same). One instance per direction, because the JDK refuses to re-initialise an
 * encrypting Cipher with the key and nonce of its previous initialisation.
 */
final class CipherState {

    static final int TAG_BYTES = 16;

    private final SecretKeySpec key;
    private final Cipher cipher;
    private final byte[] nonce = new byte[12];
    private long n;

    CipherState(byte[] key) {
        this.key = new SecretKeySpec(key, "ChaCha20");
        this.cipher = DataPathCrypto.process().newChaCha20Poly1305();
    }

    /** Encrypts {@code plaintext[off, off+len)} into {@code out} at {@code outOff}; returns the bytes written. */
    int encrypt(byte[] ad, byte[] plaintext, int off, int len, byte[] out, int outOff) {
        try {
            init(Cipher.ENCRYPT_MODE);
            if (ad != null) cipher.updateAAD(ad);
            return cipher.doFinal(plaintext, off, len, out, outOff);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("ChaCha20-Poly1305 encryption failed", e);
        }
    }

    byte[] encrypt(byte[] ad, byte[] plaintext) {
        byte[] out = new byte[plaintext.length + TAG_BYTES];
        encrypt(ad, plaintext, 0, plaintext.length, out, 0);
        return out;
    }

    /** Decrypts and authenticates; returns the plaintext length written to {@code out}. */
    int decrypt(byte[] ad, byte[] ciphertext, int off, int len, byte[] out, int outOff) {
        if (len < TAG_BYTES) {
            throw new NoiseException("noise ciphertext of " + len + " bytes is shorter than its 16-byte tag");
        }
        try {
            init(Cipher.DECRYPT_MODE);
            if (ad != null) cipher.updateAAD(ad);
            return cipher.doFinal(ciphertext, off, len, out, outOff);
        } catch (AEADBadTagException e) {
            throw new NoiseException("noise frame failed authentication (nonce " + (n - 1) + ")");
        } catch (GeneralSecurityException e) {
            throw new NoiseException("noise decryption failed: " + e.getMessage(), e);
        }
    }

    byte[] decrypt(byte[] ad, byte[] ciphertext) {
        byte[] out = new byte[Math.max(0, ciphertext.length - TAG_BYTES)];
        decrypt(ad, ciphertext, 0, ciphertext.length, out, 0);
        return out;
    }

    private void init(int mode) throws GeneralSecurityException {
        if (n == -1L) {
            throw new NoiseException("noise nonce exhausted; the session must be rekeyed or closed");
        }
        long counter = n++;
        for (int i = 0; i < 8; i++) {
            nonce[4 + i] = (byte) (counter >>> (8 * i));
        }
        cipher.init(mode, key, new IvParameterSpec(nonce));
    }
}
