package io.gsnode.libp2p.connection;

/** The remote broke a protocol rule; the connection (or stream) it happened on is closed. */
public class ProtocolViolation extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final FailureKind kind;

    public ProtocolViolation(FailureKind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public ProtocolViolation(FailureKind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public FailureKind kind() {
        return kind;
    }
}
