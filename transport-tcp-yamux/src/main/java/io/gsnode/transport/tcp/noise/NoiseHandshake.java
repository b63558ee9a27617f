package io.gsnode.transport.tcp.noise;

import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.peer.PeerId;
import java.util.Arrays;
import java.util.function.Function;

/**
 * The XX handshake as a pure state machine over whole handshake messages (their 2-byte length
 * frames are the caller's business):
 * <pre>
 *   -> e                       message 1, initiator, 32 bytes, no payload
 *   <- e, ee, s, es + payload  message 2, responder
 *   -> s, se + payload         message 3, initiator
 * </pre>
 * Each side checks the other's libp2p payload; the initiator also checks that the responder is
 * the peer it meant to dial.
 */
public final class NoiseHandshake {

    /** The initiator's first message is its ephemeral key and nothing else. */
    static final int MESSAGE_1_BYTES = X25519.KEY_BYTES;
    private static final int ENCRYPTED_KEY_BYTES = X25519.KEY_BYTES + CipherState.TAG_BYTES;

    private final boolean initiator;
    /** Builds our libp2p payload from our static key; tests substitute a lying one. */
    private final Function<byte[], byte[]> payload;
    private final PeerId expectedRemote;
    private final SymmetricState state = new SymmetricState();
    private final X25519.Pair s = X25519.generate();
    private X25519.Pair e;
    private byte[] re;
    private byte[] rs;
    private PubKey remoteIdentity;
    private int step;

    private NoiseHandshake(boolean initiator, Function<byte[], byte[]> payload, PeerId expectedRemote) {
        this.initiator = initiator;
        this.payload = payload;
        this.expectedRemote = expectedRemote;
    }

    /** @param expectedRemote the peer the dialer meant to reach; the handshake fails if another answers */
    public static NoiseHandshake initiator(PrivKey identity, PeerId expectedRemote) {
        return new NoiseHandshake(true, staticKey -> HandshakePayload.create(identity, staticKey), expectedRemote);
    }

    public static NoiseHandshake responder(PrivKey identity) {
        return new NoiseHandshake(false, staticKey -> HandshakePayload.create(identity, staticKey), null);
    }

    /** An initiator whose payload comes from {@code payload} (given our static key): for tests of lying peers. */
    static NoiseHandshake initiatorWithPayload(Function<byte[], byte[]> payload, PeerId expectedRemote) {
        return new NoiseHandshake(true, payload, expectedRemote);
    }


    /** Whether the next step is ours to write (otherwise we wait for a message). */
    public boolean isOurTurn() {
        return !isComplete() && (step % 2 == 0) == initiator;
    }

    public boolean isComplete() {
        return step == 3;
    }

    /** Writes the next handshake message. */
    public byte[] writeMessage() {
        if (!isOurTurn()) throw new IllegalStateException("not our turn to write (step " + step + ")");
        byte[] message = switch (step) {
            case 0 -> writeMessage1();
            case 1 -> writeMessage2();
            default -> writeMessage3();
        };
        step++;
        return message;
    }

    /** Reads the remote's next handshake message. */
    public void readMessage(byte[] message) {
        if (isOurTurn() || isComplete()) throw new IllegalStateException("not our turn to read (step " + step + ")");
        switch (step) {
            case 0 -> readMessage1(message);
            case 1 -> readMessage2(message);
            default -> readMessage3(message);
        }
        step++;
    }

    /** The remote's identity key, proven by its signature over its static key. */
    public PubKey remoteIdentity() {
        requireComplete();
        return remoteIdentity;
    }

    /** The transport ciphers: one for what we send, one for what we receive. */
    public NoiseSession split() {
        requireComplete();
        CipherState[] pair = state.split();
        return initiator ? new NoiseSession(pair[0], pair[1]) : new NoiseSession(pair[1], pair[0]);
    }

    private byte[] writeMessage1() {
        e = X25519.generate();
        state.mixHash(e.publicKey());
        state.encryptAndHash(new byte[0]);
        return e.publicKey().clone();
    }

    private void readMessage1(byte[] message) {
        if (message.length != MESSAGE_1_BYTES) {
            throw new NoiseException("noise handshake message 1 must be " + MESSAGE_1_BYTES + " bytes, got " + message.length);
        }
        re = message.clone();
        state.mixHash(re);
        state.decryptAndHash(new byte[0]);
    }

    private byte[] writeMessage2() {
        e = X25519.generate();
        state.mixHash(e.publicKey());
        state.mixKey(X25519.dh(e.privateKey(), re));
        byte[] encryptedStatic = state.encryptAndHash(s.publicKey());
        state.mixKey(X25519.dh(s.privateKey(), re));
        byte[] sealed = state.encryptAndHash(payload.apply(s.publicKey()));
        return concat(e.publicKey(), encryptedStatic, sealed);
    }

    private void readMessage2(byte[] message) {
        if (message.length < X25519.KEY_BYTES + ENCRYPTED_KEY_BYTES + CipherState.TAG_BYTES) {
            throw new NoiseException("noise handshake message 2 too short: " + message.length + " bytes");
        }
        re = Arrays.copyOfRange(message, 0, X25519.KEY_BYTES);
        state.mixHash(re);
        state.mixKey(X25519.dh(e.privateKey(), re));
        rs = state.decryptAndHash(Arrays.copyOfRange(message, X25519.KEY_BYTES, X25519.KEY_BYTES + ENCRYPTED_KEY_BYTES));
        state.mixKey(X25519.dh(e.privateKey(), rs));
        byte[] payload = state.decryptAndHash(
                Arrays.copyOfRange(message, X25519.KEY_BYTES + ENCRYPTED_KEY_BYTES, message.length));
        remoteIdentity = HandshakePayload.verify(payload, rs);
        PeerId actual = PeerId.fromPubKey(remoteIdentity);
        if (expectedRemote != null && !expectedRemote.equals(actual)) {
            throw new NoiseException("dialed " + expectedRemote + " but the remote proved to be " + actual);
        }
    }

    private byte[] writeMessage3() {
        byte[] encryptedStatic = state.encryptAndHash(s.publicKey());
        state.mixKey(X25519.dh(s.privateKey(), re));
        byte[] sealed = state.encryptAndHash(payload.apply(s.publicKey()));
        return concat(encryptedStatic, sealed);
    }

    private void readMessage3(byte[] message) {
        if (message.length < ENCRYPTED_KEY_BYTES + CipherState.TAG_BYTES) {
            throw new NoiseException("noise handshake message 3 too short: " + message.length + " bytes");
        }
        rs = state.decryptAndHash(Arrays.copyOfRange(message, 0, ENCRYPTED_KEY_BYTES));
        state.mixKey(X25519.dh(e.privateKey(), rs));
        byte[] payload = state.decryptAndHash(Arrays.copyOfRange(message, ENCRYPTED_KEY_BYTES, message.length));
        remoteIdentity = HandshakePayload.verify(payload, rs);
    }

    private void requireComplete() {
        if (!isComplete()) throw new IllegalStateException("noise handshake not complete (step " + step + ")");
    }

    private static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] p : parts) length += p.length;
        byte[] out = new byte[length];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }
}
