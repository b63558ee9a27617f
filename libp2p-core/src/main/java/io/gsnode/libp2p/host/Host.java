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
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One libp2p identity with its transports, connections and served protocols.
 *
 * <p>Connections are deduplicated per peer: when two connections to the same peer exist (both
 * sides dialed at once), both ends keep the one dialed by the peer with the smaller ID and close
 * the other, so they agree without talking; a peer that dials again replaces the connection it
 * dialed before. Dials to a peer already connected, or being dialed, return that connection.
 */
public final class Host implements ConnectionHandler {

    private static final Logger log = LoggerFactory.getLogger(Host.class);

    private final PrivKey identity;
    private final PeerId peerId;
    private final ConnectionLimits limits;
    private final List<Transport> transports = new ArrayList<>();
    private final Map<String, ProtocolHandler> protocols = new ConcurrentHashMap<>();
    /** Protocols served on a connection the host holds back while a contest runs (see {@link #contest}). */
    private final Set<String> servedBeforeAdmission = ConcurrentHashMap.newKeySet();
    private final List<HostListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Multiaddr> listenAddrs = new CopyOnWriteArrayList<>();
    private final EnumMap<FailureKind, AtomicLong> failures = new EnumMap<>(FailureKind.class);
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong identifyBound = new AtomicLong();

    // Guarded by this.
    private final Map<PeerId, Connection> connections = new HashMap<>();
    private final Map<PeerId, CompletableFuture<Connection>> pendingDials = new HashMap<>();
    /** Connections held while a contest with an authenticated one runs, with its outcome: the survivor. */
    private final Map<Connection, CompletableFuture<Connection>> contests = new HashMap<>();
    /** Accepted and not yet closed, including a duplicate that is being closed. */
    private final Set<Connection> live = new HashSet<>();
    private final InboundPerAddress inboundPerAddress;
    /** Which peers may connect to this host; null: any. */
    private volatile Predicate<PeerId> admitted;
    private final WireCounters wire = new WireCounters();

    public Host(PrivKey identity, ConnectionLimits limits, List<TransportFactory> transportFactories) {
        this.identity = identity;
        this.peerId = PeerId.fromPubKey(identity.publicKey());
        this.limits = limits;
        this.inboundPerAddress = new InboundPerAddress(limits);
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

    /**
     * From now on, an inbound connection from a peer {@code peers} refuses is closed and counted as
     * a {@link FailureKind#LIMIT} failure: a node of a cell accepts its cell's nodes only, so other
     * identities cannot take its connections and queues.
     */
    public void admitOnly(Predicate<PeerId> peers) {
        admitted = peers;
    }

    public void addListener(HostListener listener) {
        listeners.add(listener);
    }

    /** Serves {@code protocol} on streams remotes open from now on. */
    public void setProtocolHandler(String protocol, ProtocolHandler handler) {
        protocols.put(protocol, handler);
    }

    /**
     * Serves {@code protocol} as {@link #setProtocolHandler} does, and also on a connection the host
     * has not admitted yet because it contests another one to the same peer: identify, which the
     * remote needs answered before it can settle the contest its side.
     */
    public void setProtocolHandlerBeforeAdmission(String protocol, ProtocolHandler handler) {
        servedBeforeAdmission.add(protocol);
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

    /** Connections registered since start (a duplicate closed in favour of another is not). */
    public long acceptedConnections() {
        return accepted.get();
    }

    /** Of {@link #acceptedConnections()}, those bound to their peer by identify only ({@link Connection#authenticated()} false). */
    public long identifyBoundConnections() {
        return identifyBound.get();
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

    /**
     * Dials a full address ending in {@code /p2p/<id>}, or returns the live connection to that peer
     * when security authenticated it. A live connection only identify vouches for is not taken for
     * the peer: the dial goes out, and completes with whichever connection survives (see contest).
     */
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
            if (live != null && live.authenticated()) return CompletableFuture.completedFuture(live);
            CompletableFuture<Connection> pending = pendingDials.get(remote);
            if (pending != null) return pending;
            result = new CompletableFuture<>();
            pendingDials.put(remote, result);
        }
        transport.dial(addr.withoutPeerId(), remote)
                .orTimeout(limits.handshakeTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((conn, error) -> {
                    Connection live;
                    CompletableFuture<Connection> contested;
                    synchronized (this) {
                        pendingDials.remove(remote, result);
                        live = connections.get(remote);
                        contested = conn == null ? null : contests.get(conn);
                    }
                    if (contested != null) {
                        // Ours contests a connection only identify vouches for: the survivor is the answer.
                        contested.whenComplete((survivor, e) -> result.complete(survivor));
                        return;
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
                        log.info("{} failure dialing {}: {}", kind.wireName(), addr, Causes.message(cause));
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
        admit(conn, false);
    }

    /**
     * Registers {@code conn} or closes it as a duplicate. {@code contestSettled}: a contest between
     * it and an authenticated connection (see {@link #contest}) already found for it.
     */
    private void admit(Connection conn, boolean contestSettled) {
        if (conn.closeFuture().isDone()) return;
        Connection toClose = null;
        boolean accepted = false;
        String overLimit = null;
        Predicate<PeerId> peers = admitted;
        synchronized (this) {
            Connection existing = connections.get(conn.remotePeer());
            Connection survivor = existing == null ? null : preferred(existing, conn);
            if (peers != null && conn.direction() == Direction.INBOUND && !peers.test(conn.remotePeer())) {
                overLimit = "peer " + conn.remotePeer() + " is not one this host admits";
                toClose = conn;
            } else if (existing == null && live.size() >= limits.maxConnections()) {
                overLimit = "connection limit of " + limits.maxConnections() + " reached";
                toClose = conn;
            } else if (existing == null && !inboundPerAddress.fits(conn)) {
                overLimit = "limit of " + inboundPerAddress.bound(inboundPerAddress.key(conn)) + " inbound connections from "
                        + inboundPerAddress.key(conn).getHostAddress() + " reached";
                toClose = conn;
            } else if (!contestSettled && existing != null && !survivor.authenticated()
                    && (survivor == conn ? existing : conn).authenticated()) {
                contest(existing, conn);
                return;
            } else if (existing != null && !contestSettled && survivor == existing) {
                toClose = conn;
            } else {
                toClose = existing;
                accepted = true;
                connections.put(conn.remotePeer(), conn);
                live.add(conn);
                inboundPerAddress.add(conn);
            }
        }
        if (overLimit != null) {
            onFailure(FailureKind.LIMIT, conn.remoteAddr().toString(), new IllegalStateException(overLimit));
        } else if (toClose != null) {
            log.debug("closing duplicate connection to {} ({})", toClose.remotePeer(), toClose.direction());
        }
        if (toClose != null) toClose.close();
        if (!accepted) return;
        this.accepted.incrementAndGet();
        if (!conn.authenticated()) identifyBound.incrementAndGet();
        conn.setInboundStreamAcceptor(this::acceptStream);
        conn.closeFuture().whenComplete((v, e) -> onClosed(conn));
        for (HostListener l : listeners) l.onConnected(conn);
    }

    /**
     * Two connections to one peer, and the rule both ends follow ({@link #preferred}) keeps the one
     * only identify vouches for (an inbound Kwik connection) over one the security handshake
     * authenticated. A genuine peer applies the same rule and so closes the authenticated one
     * itself; an impostor, who named another peer's key in identify, cannot close that peer's
     * connection. So the host waits, never closing the authenticated connection: if the peer
     * closes it within the handshake timeout, the rule's choice stands; if not, the identify-bound
     * connection is closed and counted as a security failure, and the authenticated one is kept.
     */
    private void contest(Connection existing, Connection fresh) {
        Connection unauthenticated = existing.authenticated() ? fresh : existing;
        Connection authenticated = existing.authenticated() ? existing : fresh;
        CompletableFuture<Connection> survivor = new CompletableFuture<>();
        synchronized (this) {
            contests.put(fresh, survivor);
        }
        // Meanwhile the held connection answers identify (its remote may wait for that to settle
        // the contest at its end); other streams wait for the outcome.
        HeldStreams held = new HeldStreams();
        fresh.setInboundStreamAcceptor(stream -> acceptStream(stream, held));
        log.debug("{} connection to {} bound by identify contests an authenticated one; waiting for the peer to settle it",
                unauthenticated.direction(), fresh.remotePeer());
        // A copy: orTimeout would complete the connection's own close future.
        authenticated.closeFuture().copy()
                .orTimeout(limits.handshakeTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((closed, stillOpen) -> fresh.executor().execute(() -> {
                    Connection kept;
                    if (stillOpen == null) {
                        // The peer closed the authenticated one: the identify-bound one was genuine.
                        kept = unauthenticated;
                    } else {
                        onFailure(FailureKind.SECURITY, unauthenticated.remoteAddr().toString(), new ProtocolViolation(FailureKind.SECURITY,
                                "a connection bound by identify to " + fresh.remotePeer() + " contested an authenticated connection"
                                        + " that the peer kept open for " + limits.handshakeTimeout().toMillis() + " ms"));
                        unauthenticated.close();
                        kept = authenticated;
                    }
                    if (kept == fresh) {
                        admit(fresh, true);
                        held.release();
                    }
                    synchronized (this) {
                        contests.remove(fresh);
                    }
                    survivor.complete(kept);
                }));
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
            if (wasRegistered) inboundPerAddress.remove(conn);
        }
        if (wasRegistered) {
            for (HostListener l : listeners) l.onDisconnected(conn);
        }
    }

    private void acceptStream(Stream stream) {
        acceptStream(stream, null);
    }

    /**
     * Negotiates and hands the stream to its protocol's handler; on a connection not admitted yet
     * ({@code held} not null), only protocols served before admission are handed over at once.
     */
    private void acceptStream(Stream stream, HeldStreams held) {
        StreamNegotiator.respond(stream, protocols.keySet(), StreamNegotiator.DEFAULT_TIMEOUT).whenComplete((s, error) -> {
            if (error != null) {
                log.debug("inbound stream from {} failed negotiation: {}", stream.connection().remotePeer(),
                        Causes.unwrap(error).getMessage());
                return;
            }
            ProtocolHandler handler = protocols.get(s.protocol());
            if (held == null || servedBeforeAdmission.contains(s.protocol())) {
                handler.handle(s);
            } else {
                held.add(() -> handler.handle(s));
            }
        });
    }

    /**
     * Negotiated streams of a connection held back by a contest, handed to their handlers once it is
     * admitted (and at once after that); dropped with the connection otherwise. Confined to the
     * connection's executor, where negotiation and the contest's outcome both run.
     */
    private static final class HeldStreams {
        private final List<Runnable> handOvers = new ArrayList<>();
        private boolean released;

        void add(Runnable handOver) {
            if (released) {
                handOver.run();
            } else {
                handOvers.add(handOver);
            }
        }

        void release() {
            released = true;
            handOvers.forEach(Runnable::run);
            handOvers.clear();
        }
    }

    /**
     * Both ends pick the same survivor: the connection dialed by the smaller peer ID. Of two that
     * the remote dialed, the newer: a dialer reuses a live connection, so one that dials again has
     * lost the older one (it restarted, or abandoned a handshake attempt whose end here completed)
     * and the older is dead, whatever this end still believes until its idle timeout. Of two that
     * this end dialed, the older.
     */
    private Connection preferred(Connection existing, Connection fresh) {
        PeerId existingDialer = existing.direction() == Direction.OUTBOUND ? peerId : existing.remotePeer();
        PeerId freshDialer = fresh.direction() == Direction.OUTBOUND ? peerId : fresh.remotePeer();
        if (existingDialer.equals(freshDialer)) return fresh.direction() == Direction.INBOUND ? fresh : existing;
        return existingDialer.compareTo(freshDialer) < 0 ? existing : fresh;
    }

    private Transport transportFor(Multiaddr addr) {
        for (Transport t : transports) {
            if (t.handles(addr)) return t;
        }
        throw new IllegalArgumentException("no transport for " + addr);
    }
}
