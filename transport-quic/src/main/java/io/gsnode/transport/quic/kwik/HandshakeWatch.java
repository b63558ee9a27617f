package io.gsnode.transport.quic.kwik;

import java.lang.reflect.Field;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tech.kwik.core.QuicClientConnection;

/**
 * Watches a Kwik dial's TLS engine: holds the first datagram (the ClientHello) until the engine is
 * ready for the ServerHello, and tells a stalled handshake from a slow one.
 *
 * <p>agent15 3.1's {@code TlsClientEngineImpl.startHandshake} hands the ClientHello to Kwik, whose
 * sender thread puts it on the wire at once, and only then moves its state to
 * {@code WaitServerHello}; its {@code received(ServerHello)} returns without a word in any other
 * state. A listener that answers within that gap (quic-go on loopback answers in about a
 * millisecond) has its ServerHello consumed and dropped: Kwik's crypto stream has taken those
 * bytes, so the listener's retransmissions are discarded as duplicates, the handshake keys are
 * never made, and every Handshake packet after is discarded (measured: 4 and 5 dials in 100 of a
 * Kwik client to a go-libp2p listener, each stalled until the attempt's bound). The gate closes the
 * gap from outside: the socket's first send waits, on Kwik's sender thread, until the engine has
 * left its start state.
 *
 * <p>A stall of that kind, or of a kind not yet known, looks from outside like this: the listener's
 * datagrams keep arriving and the engine's state does not move. A handshake that is merely slow
 * (a dozen JVMs starting on two cores, where one took longer than 3 s) moves its state as each
 * message is processed, or hears nothing while the listener computes; abandoning it would throw
 * the work of both ends away and leave the listener holding a connection its dialer forgot.
 *
 * <p>The state is read reflectively, as nothing public exposes it; if a Kwik or agent15 version
 * lacks the fields, the gate stays open and any attempt that outlasts the stall bound counts as
 * stalled.
 */
final class HandshakeWatch {

    private static final Logger log = LoggerFactory.getLogger(HandshakeWatch.class);
    /** Longer than any gap the engine needs; past it the datagram goes regardless. */
    private static final long MAX_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    /**
     * Datagrams that must arrive, with no move of the state, before an attempt counts as stalled:
     * the listener's first flight and a retransmission of it. One or two can be the acknowledgment
     * of the ClientHello from a listener still computing its answer.
     */
    private static final int STALL_DATAGRAMS = 3;
    private static final Field ENGINE = field("tech.kwik.core.impl.QuicClientConnectionImpl", "tlsEngine");
    private static final Field STATUS = field("tech.kwik.agent15.engine.impl.TlsClientEngineImpl", "status");

    private final long startNanos = System.nanoTime();
    private volatile Object engine;
    /** Written only by Kwik's receiver thread, the one reader of the dialer's socket. */
    private volatile long datagramsIn;
    // Written only by the thread that polls stalled(); progress() reads them from the dialing thread.
    private volatile String lastState;
    private long lastMoveNanos = startNanos;
    private volatile long datagramsAtLastMove;

    /** Watches the TLS engine of {@code quic}; before this the gate is open. */
    void watch(QuicClientConnection quic) {
        if (ENGINE == null || STATUS == null || !ENGINE.getDeclaringClass().isInstance(quic)) return;
        try {
            Object e = ENGINE.get(quic);
            if (STATUS.getDeclaringClass().isInstance(e)) engine = e;
        } catch (IllegalAccessException e) {
            log.debug("Kwik's TLS engine is out of reach; the ClientHello is not held", e);
        }
    }

    /** Returns once the engine awaits the ServerHello, or after {@link #MAX_WAIT_NANOS}. */
    void awaitServerHelloExpected() {
        Object e = engine;
        if (e == null) return;
        long deadline = System.nanoTime() + MAX_WAIT_NANOS;
        while ("Start".equals(state(e)) && deadline - System.nanoTime() > 0) LockSupport.parkNanos(POLL_NANOS);
    }

    /** The dialer's socket handed Kwik a datagram. */
    void datagramReceived() {
        datagramsIn++;
    }

    /**
     * True when, for {@code boundNanos}, the engine's state has not moved although
     * {@link #STALL_DATAGRAMS} datagrams from the listener arrived; without a readable state, when
     * the attempt has run that long. Called from one thread, repeatedly.
     */
    boolean stalled(long boundNanos) {
        long now = System.nanoTime();
        Object e = engine;
        if (e == null) return now - startNanos >= boundNanos;
        String state = state(e);
        long datagrams = datagramsIn;
        if (state == null || !state.equals(lastState)) {
            lastState = state;
            lastMoveNanos = now;
            datagramsAtLastMove = datagrams;
            return false;
        }
        return now - lastMoveNanos >= boundNanos && datagrams - datagramsAtLastMove >= STALL_DATAGRAMS;
    }

    /** Where the handshake stands, for the log: the TLS state and the datagrams since it last moved. */
    String progress() {
        return "TLS state " + (lastState == null ? "unknown" : lastState) + ", " + (datagramsIn - datagramsAtLastMove)
                + " datagrams from the listener since it last moved";
    }

    private static String state(Object engine) {
        try {
            return STATUS.get(engine) instanceof Enum<?> s ? s.name() : null;
        } catch (IllegalAccessException e) {
            return null;
        }
    }

    private static Field field(String className, String name) {
        try {
            Field f = Class.forName(className).getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.warn("Kwik's {}.{} is not there; Kwik dials keep the race described in HandshakeWatch", className, name);
            return null;
        }
    }
}
