package io.gsnode.transport.tcp.yamux;

import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;

/** The remote broke a yamux rule; the session is closed with a protocol-error go-away. */
public final class YamuxException extends ProtocolViolation {
    private static final long serialVersionUID = 1L;

    public YamuxException(String message) {
        super(FailureKind.MUXER, message);
    }
}
