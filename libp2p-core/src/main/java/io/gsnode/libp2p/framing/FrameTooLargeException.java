package io.gsnode.libp2p.framing;

/** A length prefix announced more bytes than the reader accepts. */
public final class FrameTooLargeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public FrameTooLargeException(long length, int maxLength) {
        super("message length " + length + " exceeds the maximum of " + maxLength + " bytes");
    }
}
