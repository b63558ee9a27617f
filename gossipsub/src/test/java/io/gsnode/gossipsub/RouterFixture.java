package io.gsnode.gossipsub;

import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.trace.GossipCounters;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.host.HostListener;
import io.gsnode.libp2p.host.ProtocolHandler;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * One router on a {@link ManualLoop} and its clock, with {@link ScriptedPeer}s in place of
 * sockets. Nothing runs until the test sends, calls or advances time, so every test is
 * deterministic and a test of absence advances the clock past the moment instead of sleeping.
 * Public, with {@link ScriptedPeer}, for the tests of the policies that plug into the router.
 */
public final class RouterFixture implements AutoCloseable {

    public static final String V1_1 = "/meshsub/1.1.0";
    public static final String V1_2 = "/meshsub/1.2.0";
    public static final String V1_3 = "/meshsub/1.3.0";

    final ManualLoop loop = new ManualLoop();
    public final GossipCounters counters = new GossipCounters();
    public final List<Delivery> delivered = new ArrayList<>();
    public final GossipConfig config;
    public final GossipRouter router;
    private final FakeHost host = new FakeHost(Ed25519.fromIndex(0));
    private final long started;
    private long nextHeartbeat;
    private int nextIndex = 1;

    public RouterFixture(GossipConfig config) {
        this(config, b -> b);
    }

    /** {@code customise} adds policies and hooks; the config, executor, clock and tracer are the fixture's. */
    public RouterFixture(GossipConfig config, UnaryOperator<GossipRouter.Builder> customise) {
        this.config = config;
        this.started = loop.now();
        this.nextHeartbeat = started + config.heartbeatInitialDelay().toNanos();
        GossipRouter.Builder b = GossipRouter.builder(host).config(config).tracer(counters)
                .executor(loop).clock(loop::now);
        this.router = customise.apply(b).start();
        loop.runPending();
    }

    /** A config with a 1 s heartbeat and the first one at 1 s, so heartbeat k falls at k seconds. */
    public static GossipConfig.Builder config() {
        return new GossipConfig.Builder().heartbeatInterval(Duration.ofSeconds(1))
                .set("heartbeat_initial_delay_ms", "1000");
    }

    FakeHost host() {
        return host;
    }

    // ---------------------------------------------------------------- peers

    /** A peer that dialed us and speaks {@code /meshsub/1.2.0}. */
    public ScriptedPeer connect() {
        return connect(Direction.INBOUND, V1_2);
    }

    public ScriptedPeer connect(Direction direction, String protocol) {
        return connect(nextIndex++, direction, protocol);
    }

    /** A peer whose key comes from {@code index} (the router's own is 0), for draws that depend on ids. */
    public ScriptedPeer connectAs(int index, Direction direction) {
        return connect(index, direction, V1_2);
    }

    private ScriptedPeer connect(int index, Direction direction, String protocol) {
        ScriptedPeer p = new ScriptedPeer(this, index, direction, protocol);
        host.connected(p);
        loop.runPending();
        return p;
    }

    /** {@code n} inbound peers subscribed to {@code topic}. */
    List<ScriptedPeer> connectSubscribed(int n, String topic) {
        List<ScriptedPeer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(connect().subscribe(topic));
        return out;
    }

    void disconnect(ScriptedPeer p) {
        p.connection().close();
        loop.runPending();
    }

    // ---------------------------------------------------------------- the router's side

    public void subscribe(String topic) {
        subscribe(topic, TopicOptions.FULL_MESSAGES, d -> {});
    }

    /** Subscribes with {@code options}; each delivery is recorded and passed to {@code also}. */
    public void subscribe(String topic, TopicOptions options, Consumer<Delivery> also) {
        settle(router.subscribe(topic, options, d -> {
            delivered.add(d);
            also.accept(d);
        }));
    }

    void unsubscribe(String topic) {
        settle(router.unsubscribe(topic));
    }

    public PublishResult publish(String topic, byte[] data) {
        return settle(router.publish(topic, data));
    }

    public List<PeerId> mesh(String topic) {
        return settle(router.meshPeers(topic));
    }

    /** The peers the router knows to be subscribed to {@code topic}. */
    public List<PeerId> topicPeers(String topic) {
        return settle(router.topicPeers(topic));
    }

    long deliveredCount(MessageId id) {
        return delivered.stream().filter(d -> d.id().equals(id)).count();
    }

    /** A message authored by some other node, as peers forward it. */
    static PubMessage message(String topic, String text) {
        return PubMessage.unsigned(topic, text.getBytes());
    }

    MessageId idOf(PubMessage m) {
        return MessageIdFunction.SHA256_PREFIX_20.apply(m);
    }

    private <T> T settle(CompletableFuture<T> f) {
        loop.runPending();
        return f.join();
    }

    // ---------------------------------------------------------------- time

    public void advance(Duration d) {
        loop.advance(d);
    }

    /** Time since the router started. */
    Duration elapsed() {
        return Duration.ofNanos(loop.now() - started);
    }

    /** Advances to just after the next heartbeat. */
    public void heartbeat() {
        while (nextHeartbeat - loop.now() <= 0) nextHeartbeat += config.heartbeatInterval().toNanos();
        loop.advanceTo(nextHeartbeat);
        nextHeartbeat += config.heartbeatInterval().toNanos();
    }

    void heartbeats(int n) {
        for (int i = 0; i < n; i++) heartbeat();
    }

    /** Runs what the router has queued, without moving the clock. */
    public void runPending() {
        loop.runPending();
    }

    @Override
    public void close() {
        router.close();
    }

    /** The host stand-in: connections are scripted peers; streams open at once. */
    static final class FakeHost implements RouterHost {
        private final PrivKey identity;
        private final PeerId peerId;
        private final Map<String, ProtocolHandler> handlers = new HashMap<>();
        private final List<HostListener> listeners = new ArrayList<>();
        private final Map<Connection, ScriptedPeer> peers = new HashMap<>();

        FakeHost(PrivKey identity) {
            this.identity = identity;
            this.peerId = PeerId.fromPubKey(identity.publicKey());
        }

        @Override public PeerId peerId() { return peerId; }
        @Override public PrivKey identity() { return identity; }
        @Override public void setProtocolHandler(String protocol, ProtocolHandler handler) { handlers.put(protocol, handler); }
        @Override public void addListener(HostListener listener) { listeners.add(listener); }
        @Override public List<Connection> connections() { return List.copyOf(peers.keySet()); }

        @Override
        public CompletableFuture<Stream> newStream(Connection connection, String... protocols) {
            ScriptedPeer p = peers.get(connection);
            if (p == null || !List.of(protocols).contains(p.protocol)) {
                return CompletableFuture.failedFuture(new IllegalStateException("no common protocol"));
            }
            p.toPeer.setProtocol(p.protocol);
            return CompletableFuture.completedFuture(p.toPeer);
        }

        ProtocolHandler handler(String protocol) {
            ProtocolHandler h = handlers.get(protocol);
            if (h == null) throw new AssertionError("the router does not serve " + protocol);
            return h;
        }

        void connected(ScriptedPeer p) {
            peers.put(p.connection(), p);
            for (HostListener l : listeners) l.onConnected(p.connection());
        }

        void disconnected(Connection c) {
            peers.remove(c);
            for (HostListener l : listeners) l.onDisconnected(c);
        }
    }
}
