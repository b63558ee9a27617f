package io.gsnode.transport.quic.kwik;

import java.lang.reflect.Field;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tech.kwik.core.QuicClientConnection;

/**
 * Holds a Kwik dial's first datagram (the ClientHello) until Kwik's TLS engine is ready for the
 * ServerHello.
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
 * left its start state. The state is read reflectively, as nothing public exposes it; if a Kwik or
 * agent15 version lacks the fields, the gate stays open and the handshake attempt's bound
 * ({@code QuicConfig.handshakeAttempt}) remains the only defence.
 */
final class ClientHelloGate {

    private static final Logger log = LoggerFactory.getLogger(ClientHelloGate.class);
    /** Longer than any gap the engine needs; past it the datagram goes regardless. */
    private static final long MAX_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    private static final Field ENGINE = field("tech.kwik.core.impl.QuicClientConnectionImpl", "tlsEngine");
    private static final Field STATUS = field("tech.kwik.agent15.engine.impl.TlsClientEngineImpl", "status");

    private volatile Object engine;

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
        while (startState(e) && deadline - System.nanoTime() > 0) LockSupport.parkNanos(POLL_NANOS);
    }

    private static boolean startState(Object engine) {
        try {
            Object status = STATUS.get(engine);
            return status instanceof Enum<?> s && s.name().equals("Start");
        } catch (IllegalAccessException e) {
            return false;
        }
    }

    private static Field field(String className, String name) {
        try {
            Field f = Class.forName(className).getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.warn("Kwik's {}.{} is not there; Kwik dials keep the race described in ClientHelloGate", className, name);
            return null;
        }
    }
}
