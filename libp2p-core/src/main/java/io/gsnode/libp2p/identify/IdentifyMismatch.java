package io.gsnode.libp2p.identify;

import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.peer.PeerId;

/** The key a remote sent in identify does not belong to the peer ID of its connection. */
public final class IdentifyMismatch extends ProtocolViolation {
    private static final long serialVersionUID = 1L;

    public IdentifyMismatch(PeerId connectionPeer, PeerId claimed) {
        super(FailureKind.SECURITY, "identify key belongs to " + (claimed == null ? "nobody (no key sent)" : claimed)
                + ", but the connection is with " + connectionPeer);
    }
}
