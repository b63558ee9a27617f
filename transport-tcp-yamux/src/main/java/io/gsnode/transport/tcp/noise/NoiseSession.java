package io.gsnode.transport.tcp.noise;

/** The two transport ciphers that a completed handshake yields. */
public final class NoiseSession {

    /** Noise messages are at most 65535 bytes; the 16-byte tag leaves this much plaintext. */
    public static final int MAX_PLAINTEXT = 65535 - CipherState.TAG_BYTES;

    private final CipherState sender;
    private final CipherState receiver;

    NoiseSession(CipherState sender, CipherState receiver) {
        this.sender = sender;
        this.receiver = receiver;
    }

    /** Encrypts up to {@link #MAX_PLAINTEXT} bytes; returns the ciphertext length written to {@code out}. */
    public int encrypt(byte[] plaintext, int off, int len, byte[] out, int outOff) {
        if (len > MAX_PLAINTEXT) throw new IllegalArgumentException("noise plaintext of " + len + " bytes exceeds " + MAX_PLAINTEXT);
        return sender.encrypt(null, plaintext, off, len, out, outOff);
    }

    /** Decrypts one transport message; returns the plaintext length written to {@code out}. */
    public int decrypt(byte[] ciphertext, int off, int len, byte[] out, int outOff) {
        return receiver.decrypt(null, ciphertext, off, len, out, outOff);
    }
}
