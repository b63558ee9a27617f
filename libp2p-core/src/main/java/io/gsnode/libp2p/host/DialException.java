package io.gsnode.libp2p.host;

import io.gsnode.libp2p.multiaddr.Multiaddr;
import java.util.concurrent.TimeoutException;

/** A dial failed; the message names the address and the cause in one line. */
public final class DialException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DialException(Multiaddr addr, Throwable cause) {
        super("dial " + addr + " failed: " + describe(cause), cause);
    }

    private static String describe(Throwable cause) {
        if (cause instanceof TimeoutException) return "timed out";
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
