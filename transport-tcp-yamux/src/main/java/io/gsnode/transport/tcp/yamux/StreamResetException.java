package io.gsnode.transport.tcp.yamux;

/** A stream was reset, by either side, or its session closed under it. */
public final class StreamResetException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StreamResetException(String message) {
        super(message);
    }
}
