package io.gsnode.libp2p.host;

import io.gsnode.libp2p.connection.Causes;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionHandler;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.Transport;
import io.gsnode.libp2p.connection.TransportContext;
import io.gsnode.libp2p.connection.WireCounters;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.multistream.StreamNegotiator;
import io.gsnode.libp2p.peer.PeerId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One libp2p identity with its transports, connections and served protocols.
 *
 * <p>Connections are deduplicated per peer: when two connections to the same peer exist (both
 * sides dialed at once), both ends keep the one dialed by the peer with the smaller ID and close
 * the other, so they agree without talking. Dials to a peer already connected, or being dialed,
 * return that connection.
 */
public final class Host implements ConnectionHandler {

    private static final Logger log = LoggerFactory.getLogger(Host.class);

    private final PrivKey identity;
    private final PeerId peerId;
    private final ConnectionLimits limits;
    private final List<Transport> transports = new ArrayList<>();
    private final Map<String, ProtocolHandler> protocols = new ConcurrentHashMap<>();
    private final List<HostListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Multiaddr> listenAddrs = new CopyOnWriteArrayList<>();
    private final EnumMap<FailureKind, AtomicLong> failures = new EnumMap<>(FailureKind.class);

    // Guarded by this.
    private final Map<PeerId, Connection> connections = new HashMap<>();
    private final Map<PeerId, CompletableFuture<Connection>> pendingDials = new HashMap<>();
    /** Accepted and not yet closed, including a duplicate that is being closed. */
    private final Set<Connection> live = new HashSet<>();
    private final WireCounters wire = new WireCounters();

    public Host(PrivKey identity, ConnectionLimits limits, List<TransportFactory> transportFactories) {
        this.identity = identity;
        this.peerId = PeerId.fromPubKey(identity.publicKey());
        this.limits = limits;
        for (FailureKind kind : FailureKind.values()) failures.put(kind, new AtomicLong());
        TransportContext context = new TransportContext(identity, this, limits, wire);
        for (TransportFactory factory : transportFactories) transports.add(factory.create(context));
    }

    /** Socket bytes of every transport that counts them (see {@link Transport#countsWireBytes()}). */
    public WireCounters wireCounters() {
        return wire;
    }

    /** Whether every transport of this host counts its socket bytes. */
    public boolean countsWireBytes() {
        return transports.stream().allMatch(Transport::countsWireBytes);
    }

    public PeerId peerId() {
        return peerId;
    }

    public PrivKey identity() {
        return identity;
    }

    public ConnectionLimits limits() {
        return limits;
    }

    public void addListener(HostListener listener) {
        listeners.add(listener);
    }

    /** Serves {@code protocol} on streams remotes open from now on. */
    public void setProtocolHandler(String protocol, ProtocolHandler handler) {
        protocols.put(protocol, handler);
    }

    /** The protocols this host serves, for identify. */
    public List<String> protocols() {
        List<String> list = new ArrayList<>(protocols.keySet());
        list.sort(null);
        return list;
    }

    /** Addresses actually bound, without {@code /p2p}. */
    public List<Multiaddr> listenAddrs() {
        return List.copyOf(listenAddrs);
    }

    /** How many connections failed at each layer since start. */
    public long failureCount(FailureKind kind) {
        return failures.get(kind).get();
    }

    public CompletableFuture<Multiaddr> listen(Multiaddr addr) {
        return transportFor(addr).listen(addr).thenApply(bound -> {
            listenAddrs.add(bound);
            return bound;
        });
    }

    /** Dials a full address ending in {@code /p2p/<id>}, or returns the live connection to that peer. */
    public CompletableFuture<Connection> dial(Multiaddr addr) {
        PeerId remote = addr.peerId().orElseThrow(
                () -> new IllegalArgumentException("dial address needs a /p2p/<peer id> suffix: " + addr));
        if (remote.equals(peerId)) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("refusing to dial self: " + addr));
        }
        Transport transport;
        try {
            transport = transportFor(addr);
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<Connection> result;
        synchronized (this) {
            Connection live = connections.get(remote);
            if (live != null) return CompletableFuture.completedFuture(live);
            CompletableFuture<Connection> pending = pendingDials.get(remote);
            if (pending != null) return pending;
            result = new CompletableFuture<>();
            pendingDials.put(remote, result);
        }
        transport.dial(addr.withoutPeerId(), remote)
                .orTimeout(limits.handshakeTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((conn, error) -> {
                    Connection live;
                    synchronized (this) {
                        pendingDials.remove(remote, result);
                        live = connections.get(remote);
                    }
                    if (error != null && live != null) {
                        // Both sides dialed at once and the remote closed our attempt in favour of
                        // its own connection, which we hold: the dial succeeded after all.
                        result.complete(live);
                        return;
                    }
                    if (error != null) {
                        Throwable cause = Causes.unwrap(error);
                        FailureKind kind = cause instanceof ProtocolViolation v ? v.kind() : FailureKind.TRANSPORT;
                        failures.get(kind).incrementAndGet();
                        result.completeExceptionally(new DialException(addr, cause));
                        return;
                    }
                    // The registered connection may be another one to the same peer (dedup).
                    result.complete(live != null ? live : conn);
                });
        return result;
    }

    /** Opens a stream to a connected peer and negotiates the first of {@code protocols} it supports. */
    public CompletableFuture<Stream> newStream(Connection connection, String... protocols) {
        return connection.openStream()
                .thenCompose(stream -> StreamNegotiator.initiate(stream, Arrays.asList(protocols), StreamNegotiator.DEFAULT_TIMEOUT));
    }

    public synchronized List<Connection> connections() {
        return List.copyOf(connections.values());
    }

    public synchronized Connection connection(PeerId peer) {
        return connections.get(peer);
    }

    public CompletableFuture<Void> close() {
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (Connection c : connections()) closing.add(c.close());
        for (Transport t : transports) closing.add(t.close());
        return CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new));
    }

    @Override
    public void onConnection(Connection conn) {
        Connection toClose = null;
        boolean accepted = false;
        boolean overLimit = false;
        synchronized (this) {
            Connection existing = connections.get(conn.remotePeer());
            if (existing == null && live.size() >= limits.maxConnections()) {
                overLimit = true;
                toClose = conn;
            } else if (existing != null && preferred(existing, conn) == existing) {
                toClose = conn;
            } else {
                toClose = existing;
                accepted = true;
                connections.put(conn.remotePeer(), conn);
                live.add(conn);
            }
        }
        if (overLimit) {
            onFailure(FailureKind.LIMIT, conn.remoteAddr().toString(),
                    new IllegalStateException("connection limit of " + limits.maxConnections() + " reached"));
        } else if (toClose != null) {
            log.debug("closing duplicate connection to {} ({})", toClose.remotePeer(), toClose.direction());
        }
        if (toClose != null) toClose.close();
        if (!accepted) return;
        conn.setInboundStreamAcceptor(this::acceptStream);
        conn.closeFuture().whenComplete((v, e) -> onClosed(conn));
        for (HostListener l : listeners) l.onConnected(conn);
    }

    /** Counts a failure and tells the listeners; transports and protocols report through here. */
    @Override
    public void onFailure(FailureKind kind, String remote, Throwable cause) {
        failures.get(kind).incrementAndGet();
        log.info("{} failure with {}: {}", kind.wireName(), remote, cause.getMessage());
        for (HostListener l : listeners) l.onFailure(kind, remote, cause);
    }

    private void onClosed(Connection conn) {
        boolean wasRegistered;
        synchronized (this) {
            connections.remove(conn.remotePeer(), conn);
            wasRegistered = live.remove(conn);
        }
        if (wasRegistered) {
            for (HostListener l : listeners) l.onDisconnected(conn);
        }
    }

    private void acceptStream(Stream stream) {
        StreamNegotiator.respond(stream, protocols.keySet(), StreamNegotiator.DEFAULT_TIMEOUT).whenComplete((s, error) -> {
            if (error != null) {
                log.debug("inbound stream from {} failed negotiation: {}", stream.connection().remotePeer(),
                        Causes.unwrap(error).getMessage());
                return;
            }
            ProtocolHandler handler = protocols.get(s.protocol());
            handler.handle(s);
        });
    }

    /** Both ends pick the same survivor: the connection dialed by the smaller peer ID, else the older. */
    private Connection preferred(Connection existing, Connection fresh) {
        PeerId existingDialer = existing.direction() == Direction.OUTBOUND ? peerId : existing.remotePeer();
        PeerId freshDialer = fresh.direction() == Direction.OUTBOUND ? peerId : fresh.remotePeer();
        if (existingDialer.equals(freshDialer)) return existing;
        return existingDialer.compareTo(freshDialer) < 0 ? existing : fresh;
    }

    private Transport transportFor(Multiaddr addr) {
        for (Transport t : transports) {
            if (t.handles(addr)) return t;
        }
        throw new IllegalArgumentException("no transport for " + addr);
    }
}
