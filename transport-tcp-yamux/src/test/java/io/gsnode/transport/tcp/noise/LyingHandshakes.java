package io.gsnode.transport.tcp.noise;

import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.peer.PeerId;

/** Handshakes of peers that lie, for the bad-input tests of other packages. */
public final class LyingHandshakes {

    private LyingHandshakes() {}

    /** An initiator that claims {@code identity} but signs some other static key than the one it uses. */
    public static NoiseHandshake initiatorSigningTheWrongStaticKey(PrivKey identity, PeerId expected) {
        byte[] otherStaticKey = X25519.generate().publicKey();
        return NoiseHandshake.initiatorWithPayload(ourKey -> HandshakePayload.create(identity, otherStaticKey), expected);
    }
}
