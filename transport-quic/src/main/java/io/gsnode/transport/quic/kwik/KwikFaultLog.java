package io.gsnode.transport.quic.kwik;

import tech.kwik.core.log.NullLogger;

/**
 * Kwik's logger for one dial: silent, but keeps the first runtime exception Kwik reports, which is a
 * fault inside Kwik rather than anything the remote did. Kwik 0.10.8's {@code CryptoStream} shares
 * an unsynchronised list between the thread that writes handshake messages and the sender thread,
 * and the sender thread dies of it now and then ({@code NullPointerException} in
 * {@code CryptoStream.sendFrame}: once in 2,400 dials to quic-go on loopback); Kwik then aborts
 * the handshake with the exception's text as its only trace. A dial that sees one here tries again.
 */
final class KwikFaultLog extends NullLogger {

    private volatile RuntimeException fault;

    @Override
    public void error(String message, Throwable error) {
        if (fault == null && error instanceof RuntimeException e) fault = e;
    }

    /** The first runtime exception Kwik reported, or null. */
    RuntimeException fault() {
        return fault;
    }
}
