package io.gsnode.transport.tcp.noise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.crypto.Secp256k1;
import io.gsnode.libp2p.peer.PeerId;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class NoiseHandshakeTest {

    private final PrivKey alice = Ed25519.fromIndex(1);
    private final PrivKey bob = Ed25519.fromIndex(2);

    @Test
    void protocolNameIsExactly32BytesSoItIsTheInitialHash() {
        assertEquals(32, SymmetricState.PROTOCOL_NAME.getBytes(StandardCharsets.US_ASCII).length);
    }

    @Test
    void xxHandshakeAuthenticatesBothSidesAndMessagesHaveTheSpecSizes() {
        NoiseHandshake i = NoiseHandshake.initiator(alice, PeerId.fromPubKey(bob.publicKey()));
        NoiseHandshake r = NoiseHandshake.responder(bob);
        byte[] m1 = i.writeMessage();
        assertEquals(32, m1.length);
        r.readMessage(m1);
        byte[] m2 = r.writeMessage();
        i.readMessage(m2);
        byte[] m3 = i.writeMessage();
        r.readMessage(m3);
        // e (32) + encrypted s (48) + encrypted payload; s (48) + encrypted payload.
        assertTrue(m2.length > 32 + 48 + 16, "message 2 is " + m2.length + " bytes");
        assertEquals(m3.length, m2.length - 32, "both payloads are one Ed25519 key and signature");
        assertEquals(bob.publicKey(), i.remoteIdentity());
        assertEquals(alice.publicKey(), r.remoteIdentity());

        NoiseSession is = i.split();
        NoiseSession rs = r.split();
        byte[] hello = "hello over noise".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(hello, roundTrip(is, rs, hello));
        assertArrayEquals(hello, roundTrip(rs, is, hello));
        assertArrayEquals(hello, roundTrip(is, rs, hello), "nonces advance in step");
    }

    @Test
    void secp256k1IdentitiesWorkToo() {
        PrivKey k = Secp256k1.generate();
        NoiseHandshake i = NoiseHandshake.initiator(k, PeerId.fromPubKey(bob.publicKey()));
        NoiseHandshake r = NoiseHandshake.responder(bob);
        complete(i, r);
        assertEquals(k.publicKey(), r.remoteIdentity());
    }

    @Test
    void dialerRejectsAResponderThatIsNotThePeerItDialed() {
        PeerId expected = PeerId.fromPubKey(Ed25519.fromIndex(99).publicKey());
        NoiseHandshake i = NoiseHandshake.initiator(alice, expected);
        NoiseHandshake r = NoiseHandshake.responder(bob);
        r.readMessage(i.writeMessage());
        byte[] m2 = r.writeMessage();
        NoiseException e = assertThrows(NoiseException.class, () -> i.readMessage(m2));
        assertTrue(e.getMessage().contains("dialed " + expected), e.getMessage());
    }

    @Test
    void responderRejectsASignatureOverAnotherStaticKey() {
        NoiseHandshake i = LyingHandshakes.initiatorSigningTheWrongStaticKey(alice, PeerId.fromPubKey(bob.publicKey()));
        NoiseHandshake r = NoiseHandshake.responder(bob);
        r.readMessage(i.writeMessage());
        i.readMessage(r.writeMessage());
        byte[] m3 = i.writeMessage();
        NoiseException e = assertThrows(NoiseException.class, () -> r.readMessage(m3));
        assertTrue(e.getMessage().contains("does not verify"), e.getMessage());
    }

    @Test
    void tamperedHandshakeAndTransportMessagesFailAuthentication() {
        NoiseHandshake i = NoiseHandshake.initiator(alice, PeerId.fromPubKey(bob.publicKey()));
        NoiseHandshake r = NoiseHandshake.responder(bob);
        r.readMessage(i.writeMessage());
        byte[] m2 = r.writeMessage();
        m2[40] ^= 1;
        assertThrows(NoiseException.class, () -> i.readMessage(m2));

        NoiseHandshake i2 = NoiseHandshake.initiator(alice, PeerId.fromPubKey(bob.publicKey()));
        NoiseHandshake r2 = NoiseHandshake.responder(bob);
        complete(i2, r2);
        NoiseSession a = i2.split();
        NoiseSession b = r2.split();
        byte[] c = new byte[64];
        int n = a.encrypt(new byte[10], 0, 10, c, 0);
        c[3] ^= 1;
        assertThrows(NoiseException.class, () -> b.decrypt(c, 0, n, new byte[64], 0));
    }

    @Test
    void message1MustBeExactly32Bytes() {
        NoiseHandshake r = NoiseHandshake.responder(bob);
        NoiseException e = assertThrows(NoiseException.class, () -> r.readMessage(new byte[65535]));
        assertTrue(e.getMessage().contains("must be 32 bytes"), e.getMessage());
    }

    @Test
    void plaintextAboveTheNoiseMaximumIsRefused() {
        NoiseHandshake i = NoiseHandshake.initiator(alice, PeerId.fromPubKey(bob.publicKey()));
        NoiseHandshake r = NoiseHandshake.responder(bob);
        complete(i, r);
        NoiseSession s = i.split();
        assertThrows(IllegalArgumentException.class,
                () -> s.encrypt(new byte[NoiseSession.MAX_PLAINTEXT + 1], 0, NoiseSession.MAX_PLAINTEXT + 1, new byte[70000], 0));
    }

    /** Runs the three XX messages between the two sides. */
    private static void complete(NoiseHandshake initiator, NoiseHandshake responder) {
        responder.readMessage(initiator.writeMessage());
        initiator.readMessage(responder.writeMessage());
        responder.readMessage(initiator.writeMessage());
    }

    private static byte[] roundTrip(NoiseSession from, NoiseSession to, byte[] plaintext) {
        byte[] cipher = new byte[plaintext.length + 16];
        int n = from.encrypt(plaintext, 0, plaintext.length, cipher, 0);
        byte[] out = new byte[plaintext.length];
        assertEquals(plaintext.length, to.decrypt(cipher, 0, n, out, 0));
        return out;
    }
}
