package io.gsnode.transport.quic;

import io.gsnode.libp2p.connection.Causes;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.PendingInbound;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.connection.Transport;
import io.gsnode.libp2p.connection.TransportContext;
import io.gsnode.libp2p.identify.IdentifyMessage;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.multiaddr.Protocol;
import io.gsnode.libp2p.peer.PeerId;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /ip4|ip6/.../udp/.../quic-v1} over the {@link QuicEngine} that {@link QuicConfig#engine()}
 * names.
 *
 * <p>Inbound connections that TLS did not authenticate (Kwik's server never asks the dialer for a
 * certificate) are bound to the peer that identify names, before the host sees them, and stay
 * marked as not authenticated. A remote that sends no key, or a key that yields no peer ID, is
 * refused and counted as a security failure: nothing is accepted silently. Connections waiting
 * for that answer are bounded like TCP's pending upgrades ({@link PendingInbound}); one past the
 * bound is closed at once and counted as a limit failure. Dialers the engine refused in the TLS
 * handshake (the netty engine verifies their certificates) are counted as security failures too,
 * and those it refused past its bound on handshakes in progress as limit failures.
 */
public final class QuicTransport implements Transport {

    private static final Logger log = LoggerFactory.getLogger(QuicTransport.class);

    private final TransportContext context;
    private final QuicConfig config;
    private final PendingInbound identifying;
    /** Made at the first listen or dial: a host that never uses QUIC never pays for its TLS certificate and engine. */
    private QuicEngine engine;
    private boolean closed;

    public QuicTransport(TransportContext context, QuicConfig config) {
        this.context = context;
        this.config = config;
        this.identifying = new PendingInbound(context.limits());
    }

    private synchronized QuicEngine engine() {
        if (closed) throw new IllegalStateException("the QUIC transport is closed");
        if (engine == null) engine = QuicEngines.create(context.identity(), config, context.limits());
        return engine;
    }

    @Override
    public String name() {
        return "quic";
    }

    @Override
    public boolean handles(Multiaddr addr) {
        return addr.has(Protocol.QUIC_V1) && addr.has(Protocol.UDP) && (addr.has(Protocol.IP4) || addr.has(Protocol.IP6));
    }

    @Override
    public CompletableFuture<Multiaddr> listen(Multiaddr addr) {
        return engine().listen(addr.socketAddress(), new QuicEngine.Inbound() {
            @Override
            public void accepted(QuicConnection connection) {
                onInbound(connection);
            }

            @Override
            public void refused(InetSocketAddress remote, Throwable cause) {
                FailureKind kind = cause instanceof ProtocolViolation v ? v.kind() : FailureKind.SECURITY;
                context.handler().onFailure(kind, Multiaddr.quic(remote).toString(), cause);
            }
        }).thenApply(Multiaddr::quic);
    }

    @Override
    public CompletableFuture<Connection> dial(Multiaddr addr, PeerId expected) {
        return engine().dial(addr.socketAddress(), expected).thenCompose(this::deliver);
    }

    @Override
    public CompletableFuture<Void> close() {
        QuicEngine made;
        synchronized (this) {
            closed = true;
            made = engine;
        }
        return made == null ? CompletableFuture.completedFuture(null) : made.close();
    }

    private void onInbound(QuicConnection conn) {
        if (conn.hasIdentity()) {
            deliver(conn);
            return;
        }
        InetSocketAddress remote = conn.remoteAddr().socketAddress();
        InetSocketAddress local = conn.localAddr().socketAddress();
        String refusal = identifying.admit(remote, local);
        if (refusal != null) {
            conn.close();
            context.handler().onFailure(FailureKind.LIMIT, conn.remoteAddr().toString(), new ProtocolViolation(FailureKind.LIMIT,
                    "inbound QUIC connection closed before identify: " + refusal));
            return;
        }
        IdentifyService.query(conn)
                .orTimeout(context.limits().handshakeTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((message, error) -> {
                    identifying.release(remote, local);
                    if (error != null || message.publicKey() == null) {
                        Throwable cause = error != null ? Causes.unwrap(error)
                                : new ProtocolViolation(FailureKind.SECURITY, "identify sent no public key");
                        refuse(conn, identifyFailureKind(cause), "inbound QUIC dialer did not identify itself: " + Causes.message(cause));
                        return;
                    }
                    bindUnauthenticated(conn, message);
                });
    }

    private void bindUnauthenticated(QuicConnection conn, IdentifyMessage message) {
        conn.bindIdentity(message.publicKey(), false);
        log.warn("inbound QUIC connection from {} bound to {} by identify: TLS did not authenticate the dialer",
                conn.remoteAddr(), conn.remotePeer());
        deliver(conn);
    }

    /**
     * A dialer that closed the connection or fell silent before identifying itself lost the
     * connection, as a Kwik dialer does when it abandons a stalled handshake attempt whose end
     * here had already completed; an identify that is malformed or names no key is a security
     * failure.
     */
    private static FailureKind identifyFailureKind(Throwable cause) {
        if (cause instanceof ProtocolViolation v) return v.kind();
        if (cause instanceof TimeoutException || cause instanceof IOException) return FailureKind.TRANSPORT;
        return FailureKind.SECURITY;
    }

    private void refuse(QuicConnection conn, FailureKind kind, String why) {
        conn.close();
        context.handler().onFailure(kind, conn.remoteAddr().toString(), new ProtocolViolation(kind, why));
    }

    /** Hands the connection to the host on its executor; completes once the host has it. */
    private CompletableFuture<Connection> deliver(QuicConnection conn) {
        CompletableFuture<Connection> delivered = new CompletableFuture<>();
        conn.executor().execute(() -> {
            context.handler().onConnection(conn);
            delivered.complete(conn);
        });
        return delivered;
    }
}
