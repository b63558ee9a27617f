package io.gsnode.transport.tcp.noise;

import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;

/** The Noise handshake or a transport frame failed: bad sizes, bad tags, bad signatures, wrong peer. */
public final class NoiseException extends ProtocolViolation {
    private static final long serialVersionUID = 1L;

    public NoiseException(String message) {
        super(FailureKind.SECURITY, message);
    }

    public NoiseException(String message, Throwable cause) {
        super(FailureKind.SECURITY, message, cause);
    }
}
