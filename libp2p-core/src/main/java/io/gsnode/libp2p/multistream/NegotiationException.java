package io.gsnode.libp2p.multistream;

import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;

/** Negotiation failed: malformed messages, a wrong header, or no protocol in common. */
public final class NegotiationException extends ProtocolViolation {
    private static final long serialVersionUID = 1L;

    public NegotiationException(String message) {
        super(FailureKind.MULTISTREAM, message);
    }
}
