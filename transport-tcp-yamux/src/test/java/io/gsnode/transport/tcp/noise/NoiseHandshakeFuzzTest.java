package io.gsnode.transport.tcp.noise;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.testing.Mutations;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * Each Noise XX message a remote can send, random or a valid one with bytes changed, is accepted
 * or refused as a Noise error, never another exception: message 1 read by a listener, message 2
 * by a dialer, message 3 by a listener past a valid first two. Tries: -Djqwik.tries.
 */
class NoiseHandshakeFuzzTest {

    @Property
    void firstMessage(@ForAll @Size(max = 512) byte[] random) {
        readOrRefuse(NoiseHandshake.responder(Ed25519.fromIndex(1)), random);
    }

    @Property
    void secondMessage(@ForAll @Size(max = 512) byte[] random, @ForAll long seed) {
        NoiseHandshake dialer = NoiseHandshake.initiator(Ed25519.fromIndex(2), null);
        NoiseHandshake listener = NoiseHandshake.responder(Ed25519.fromIndex(1));
        listener.readMessage(dialer.writeMessage());
        byte[] valid = listener.writeMessage();
        readOrRefuse(dialer, random);
        NoiseHandshake again = NoiseHandshake.initiator(Ed25519.fromIndex(2), null);
        NoiseHandshake other = NoiseHandshake.responder(Ed25519.fromIndex(1));
        other.readMessage(again.writeMessage());
        other.writeMessage();
        readOrRefuse(again, Mutations.of(valid, seed));
    }

    @Property
    void thirdMessage(@ForAll @Size(max = 512) byte[] random) {
        NoiseHandshake dialer = NoiseHandshake.initiator(Ed25519.fromIndex(2), null);
        NoiseHandshake listener = NoiseHandshake.responder(Ed25519.fromIndex(1));
        listener.readMessage(dialer.writeMessage());
        dialer.readMessage(listener.writeMessage());
        readOrRefuse(listener, random);
    }

    private static void readOrRefuse(NoiseHandshake handshake, byte[] message) {
        try {
            handshake.readMessage(message);
        } catch (NoiseException refused) {
            // the upgrade fails and the connection is closed and counted
        }
    }
}
