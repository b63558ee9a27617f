package io.gsnode.gossipsub;

import io.gsnode.gossipsub.partial.PartialExtension;
import io.gsnode.gossipsub.policy.ForwardingPolicy;
import io.gsnode.gossipsub.policy.MessageValidator;
import io.gsnode.gossipsub.policy.RequestGate;
import io.gsnode.gossipsub.policy.RequestPolicy;
import io.gsnode.gossipsub.policy.RouterServices;
import io.gsnode.gossipsub.policy.ValidationDelay;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.gossipsub.rpc.SubOpts;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.gossipsub.trace.RpcParts;
import io.gsnode.libp2p.connection.Causes;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.host.HostListener;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.buffer.ByteBuf;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gossipsub router (docs/wire.md §7, docs/arms.md §5): one thread owns every piece of state;
 * transports hand it decoded RPCs and it hands them encoded frames through bounded per-peer queues.
 *
 * <p>The public methods may be called from any thread; they hop onto the router thread. Hooks
 * (forwarding and request policies, the request gate, the validator, the tracer and delivery
 * callbacks) run on the router thread and must be quick.
 *
 * <p>This class keeps the public API, peer lifecycle and RPC dispatch; the protocol lives in
 * package-private parts that all run on the {@link RouterLoop}: {@link MeshMaintenance} (join,
 * leave, heartbeat), {@link Forwarder} (messages in and out), {@link ControlHandler} (control in),
 * {@link PartialNegotiation} (v1.3), with {@link Backoffs}, {@link Promises} and
 * {@link ControlBatch} as their shared bookkeeping.
 */
public final class GossipRouter implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(GossipRouter.class);

    /** A message to publish as part of a batch. */
    public record Outgoing(String topic, byte[] data) {}

    private final RouterHost host;
    private final GossipConfig config;
    private final RequestPolicy requests;
    private final RequestGate gate;
    private final RouterTracer tracer;
    private final PartialExtension extension;
    private final RouterLoop loop;
    private final RouterState s;
    private final ControlBatch batch = new ControlBatch();
    private final PartialNegotiation partial;
    private final MeshMaintenance meshes;
    private final Forwarder forwarder;
    private final ControlHandler control;
    private final InboundBytes inboundBytes;

    private GossipRouter(Builder b) {
        this.host = b.host;
        this.config = b.config;
        this.requests = b.requests;
        this.gate = b.gate;
        this.tracer = b.tracer;
        this.extension = b.extension;
        this.loop = new RouterLoop(b.executor != null ? b.executor : RouterLoop.newThread(), b.clock, b.tracer::taskLag);
        this.s = new RouterState(config, tracer, loop);
        MessageSigner signer = new MessageSigner(config.signaturePolicy(), host.identity(), host.peerId(), loop.now());
        Backoffs backoffs = new Backoffs(config);
        Promises promises = new Promises(config, tracer);
        this.partial = new PartialNegotiation(s, extension);
        this.meshes = new MeshMaintenance(s, backoffs, promises, batch, partial, requests, extension);
        this.forwarder = new Forwarder(s, signer, b.idFunction, b.validator, b.validationDelay, b.forwarding, requests,
                promises, partial, meshes);
        this.control = new ControlHandler(s, backoffs, promises, partial, forwarder, requests, gate);
        this.inboundBytes = new InboundBytes(b.inboundBytes);
    }

    public static Builder builder(Host host) {
        return new Builder(RouterHost.of(host));
    }

    /** A router on a host stand-in, for tests that script peers without sockets. */
    static Builder builder(RouterHost host) {
        return new Builder(host);
    }

    public GossipConfig config() {
        return config;
    }

    /** Serves the meshsub protocols, adopts current and future connections, starts the heartbeat. */
    public GossipRouter start() {
        for (String protocol : MeshsubVersion.proposalOrder()) {
            host.setProtocolHandler(protocol, stream -> {
                // Adopted before the handler is set: data held for the stream may be handed to the
                // reader at once, and its first RPC must reach the loop after the adoption.
                loop.run(() -> adoptInbound(stream));
                InboundBacklog backlog = new InboundBacklog(stream, inboundBytes);
                InboundReader reader = new InboundReader(config.maxMessageSize(), new InboundSink(backlog), loop.clock());
                backlog.onResume(() -> reader.resume(stream));
                stream.setHandler(reader);
            });
        }
        host.addListener(new HostListener() {
            @Override
            public void onConnected(Connection connection) {
                loop.run(() -> addPeer(connection));
            }

            @Override
            public void onDisconnected(Connection connection) {
                loop.run(() -> removePeer(connection));
            }
        });
        requests.attach(new Services());
        extension.attach(partial.services(host.peerId()));
        loop.run(() -> host.connections().forEach(this::addPeer));
        loop.every(config.heartbeatInitialDelay(), config.heartbeatInterval(), meshes::heartbeat);
        return this;
    }

    /** Joins {@code topic}; {@code onMessage} gets each message on its first arrival. */
    public CompletableFuture<Void> subscribe(String topic, Consumer<Delivery> onMessage) {
        return subscribe(topic, TopicOptions.FULL_MESSAGES, onMessage);
    }

    /** Joins {@code topic} with the partial-message flags of {@code options} (v1.3). */
    public CompletableFuture<Void> subscribe(String topic, TopicOptions options, Consumer<Delivery> onMessage) {
        return call(() -> {
            meshes.join(topic, options, onMessage);
            return null;
        });
    }

    /**
     * Lets the partial-messages extension send and take partial messages on {@code topic} without
     * joining it (go: {@code Join} with {@code SupportsPartialMessages} and no {@code Subscribe}):
     * a publisher outside the topic can then hear what its peers lack. Nothing is announced to
     * peers; a topic already joined keeps its options.
     */
    public CompletableFuture<Void> sendPartialWithoutJoining(String topic) {
        return call(() -> {
            if (!partial.advertises()) {
                throw new IllegalStateException("partial messages on " + topic + " need the partial-messages extension");
            }
            if (!s.subscriptions.containsKey(topic)) s.topicOptions.put(topic, new TopicOptions(false, true));
            return null;
        });
    }

    public CompletableFuture<Void> unsubscribe(String topic) {
        return call(() -> {
            meshes.leave(topic);
            return null;
        });
    }

    public CompletableFuture<PublishResult> publish(String topic, byte[] data) {
        return publishBatch(List.of(new Outgoing(topic, data))).thenApply(r -> r.get(0));
    }

    /**
     * Publishes several messages at once (docs/arms.md §5.4): every send is planned before any is
     * made, then the plan is drained round-robin over the messages, so every message's first
     * send is queued before any message's second.
     */
    public CompletableFuture<List<PublishResult>> publishBatch(List<Outgoing> messages) {
        return call(() -> forwarder.publish(messages));
    }

    public CompletableFuture<List<PeerId>> meshPeers(String topic) {
        return call(() -> RouterState.sorted(s.mesh.getOrDefault(topic, Set.of())));
    }

    public CompletableFuture<List<PeerId>> topicPeers(String topic) {
        return call(() -> RouterState.sorted(s.topicPeers.getOrDefault(topic, Set.of())));
    }

    /** Mesh sizes of the joined topics right now. */
    public CompletableFuture<Map<String, Integer>> meshSizes() {
        return call(() -> {
            Map<String, Integer> sizes = new LinkedHashMap<>();
            for (String t : s.subscriptions.keySet()) sizes.put(t, s.mesh.getOrDefault(t, Set.of()).size());
            return sizes;
        });
    }

    /** Runs {@code task} on the router thread (for policies and tests that need its view). */
    public <T> CompletableFuture<T> call(Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        loop.run(() -> {
            try {
                result.complete(task.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    @Override
    public void close() {
        loop.close();
        for (PeerState p : s.peers.values()) p.queue.close();
    }

    // ---------------------------------------------------------------- peers and streams

    /** Where one inbound stream's reader hands its RPCs: to the router thread, within the stream's backlog. */
    private final class InboundSink implements InboundReader.Sink {
        private final InboundBacklog backlog;

        InboundSink(InboundBacklog backlog) {
            this.backlog = backlog;
        }

        @Override
        public void rpc(Stream stream, Rpc rpc, int frameBytes, long arrivedNanos) {
            backlog.queued(frameBytes);
            loop.run(() -> {
                try {
                    handleRpc(stream, rpc, frameBytes, arrivedNanos);
                } finally {
                    backlog.handled(frameBytes);
                }
            });
        }

        @Override
        public boolean accepting() {
            return backlog.accepting();
        }

        @Override
        public void malformed(Stream stream, String reason) {
            PeerId from = stream.connection().remotePeer();
            tracer.malformed(from, reason);
            log.info("closing connection to {}: malformed gossipsub frame: {}", from, reason);
            stream.reset();
            stream.connection().close();
        }

        @Override
        public void closed(Stream stream) {
            loop.run(() -> {
                PeerState p = s.peers.get(stream.connection().remotePeer());
                if (p != null && p.inbound == stream) p.inbound = null;
            });
        }
    }

    private PeerState addPeer(Connection connection) {
        PeerId id = connection.remotePeer();
        PeerState existing = s.peers.get(id);
        if (existing != null && existing.connection == connection) return existing;
        if (existing != null) dropPeer(existing);
        PeerState p = new PeerState(connection, config.outboundQueueSize(), loop.clock(), tracer);
        s.peers.put(id, p);
        host.newStream(connection, MeshsubVersion.proposalOrder().toArray(String[]::new)).whenComplete((stream, error) -> {
            if (error != null) {
                log.debug("{} does not speak gossipsub: {}", id, Causes.unwrap(error).getMessage());
                return;
            }
            stream.setHandler(new StreamHandler() {
                @Override
                public void onData(Stream st, ByteBuf data) {
                    // The outbound stream is write-only by the spec; whatever arrives is ignored.
                }

                @Override
                public void onReset(Stream st, Throwable cause) {
                    loop.run(() -> outboundClosed(p));
                }
            });
            loop.run(() -> outboundReady(p, stream));
        });
        return p;
    }

    private void outboundReady(PeerState p, Stream stream) {
        if (s.peers.get(p.id) != p) {
            stream.reset();
            return;
        }
        p.version = MeshsubVersion.of(stream.protocol());
        List<SubOpts> subs = new ArrayList<>();
        for (String topic : s.subscriptions.keySet()) subs.add(partial.subscription(topic));
        // At most MAX_PER_RPC subscriptions an RPC, or a peer filtering as we do would ignore them all.
        int first = Math.min(subs.size(), SubscriptionFilter.MAX_PER_RPC);
        Rpc hello = new Rpc(subs.subList(0, first), List.of(), partial.hello(p), null);
        ByteBuf frame = RpcEncoder.encodeFrame(s.alloc, hello);
        tracer.rpcSent(p.id, RpcParts.of(hello, frame.readableBytes()));
        p.queue.open(stream, frame);
        for (int from = first; from < subs.size(); from += SubscriptionFilter.MAX_PER_RPC) {
            s.send(p, new Rpc(subs.subList(from, Math.min(subs.size(), from + SubscriptionFilter.MAX_PER_RPC)), List.of(), null, null));
        }
    }

    private void outboundClosed(PeerState p) {
        if (s.peers.get(p.id) == p) {
            log.debug("outbound gossipsub stream to {} closed", p.id);
            dropPeer(p);
        }
    }

    private void removePeer(Connection connection) {
        PeerState p = s.peers.get(connection.remotePeer());
        if (p != null && p.connection == connection) dropPeer(p);
    }

    private void dropPeer(PeerState p) {
        s.peers.remove(p.id);
        extension.onPeerGone(p.id);
        p.queue.close();
        batch.forget(p.id);
        for (String topic : p.topics) {
            Set<PeerId> set = s.topicPeers.get(topic);
            if (set != null && set.remove(p.id) && set.isEmpty()) s.topicPeers.remove(topic);
        }
        for (var e : s.mesh.entrySet()) {
            if (e.getValue().remove(p.id)) tracer.meshRemoved(e.getKey(), p.id);
        }
        for (Set<PeerId> f : s.fanout.values()) f.remove(p.id);
    }

    /**
     * go keeps only the newest inbound stream of a peer, and resets the others as soon as it
     * opens: a peer cannot hold a reader per stream it opens.
     */
    private void adoptInbound(Stream stream) {
        Connection connection = stream.connection();
        PeerState p = s.peers.get(connection.remotePeer());
        if (p == null || p.connection != connection) p = addPeer(connection);
        if (p.inbound != null && p.inbound != stream) p.inbound.reset();
        p.inbound = stream;
    }

    // ---------------------------------------------------------------- incoming RPCs

    private void handleRpc(Stream stream, Rpc rpc, int frameBytes, long arrivedNanos) {
        tracer.inboundQueued(loop.now() - arrivedNanos);
        Connection connection = stream.connection();
        PeerState p = s.peers.get(connection.remotePeer());
        if (p == null || p.connection != connection) p = addPeer(connection);
        if (p.inbound != stream) {
            // A reset stream's last frames, decoded before its reset reached the loop: dropped.
            if (p.inbound != null) return;
            p.inbound = stream;
        }
        tracer.rpcReceived(p.id, RpcParts.of(rpc, frameBytes));
        if (s.score(p.id) < config.thresholds().graylist()) {
            s.reject(p.id, RejectReason.GRAYLISTED);
            return;
        }
        if (rpc.subscriptions().size() > SubscriptionFilter.MAX_PER_RPC) {
            // As go-libp2p-pubsub does with a limit filter's error: the whole RPC is ignored.
            s.reject(p.id, RejectReason.SUBSCRIPTIONS_OVER_RPC_LIMIT);
            return;
        }
        for (SubOpts sub : rpc.subscriptions()) handleSubscription(p, sub);
        for (PubMessage m : rpc.publish()) forwarder.receive(p, m, arrivedNanos);
        if (rpc.control() != null) control.handle(p, rpc.control(), arrivedNanos);
        if (rpc.partial() != null) partial.onPartial(p, rpc.partial());
    }

    private void handleSubscription(PeerState p, SubOpts sub) {
        String topic = sub.topic();
        if (sub.subscribe()) {
            if (SubscriptionFilter.tooLong(topic)) {
                s.reject(p.id, RejectReason.TOPIC_NAME_TOO_LONG);
                return;
            }
            if (!p.topics.contains(topic) && p.topics.size() >= SubscriptionFilter.MAX_TOPICS_PER_PEER) {
                s.reject(p.id, RejectReason.SUBSCRIPTIONS_OVER_PEER_LIMIT);
                return;
            }
            partial.onSubscription(p, sub);
            p.topics.add(topic);
            s.topicPeers.computeIfAbsent(topic, t -> new LinkedHashSet<>()).add(p.id);
            return;
        }
        partial.onSubscription(p, sub);
        p.topics.remove(topic);
        Set<PeerId> set = s.topicPeers.get(topic);
        // Emptied entries go, so that churn through invented topic names leaves nothing behind.
        if (set != null && set.remove(p.id) && set.isEmpty()) s.topicPeers.remove(topic);
        Set<PeerId> m = s.mesh.get(topic);
        if (m != null && m.remove(p.id)) tracer.meshRemoved(topic, p.id);
        Set<PeerId> f = s.fanout.get(topic);
        if (f != null) f.remove(p.id);
    }

    /** What the router offers its policies; everything here runs on the loop. */
    private final class Services implements RouterServices {
        @Override
        public long nanoTime() {
            return loop.now();
        }

        @Override
        public void schedule(Duration delay, Runnable task) {
            loop.schedule(delay, task);
        }

        @Override
        public boolean seen(MessageId id) {
            return s.seen.contains(id);
        }

        @Override
        public boolean gateAllows(MessageId id) {
            return gate.allow(id);
        }

        @Override
        public void sendIWant(PeerId peer, List<MessageId> ids) {
            PeerState p = s.peers.get(peer);
            if (p != null && p.ready()) control.sendIWant(p, ids);
        }

        @Override
        public boolean connected(PeerId peer) {
            PeerState p = s.peers.get(peer);
            return p != null && p.ready();
        }
    }

    // ---------------------------------------------------------------- builder

    public static final class Builder {
        private final RouterHost host;
        private GossipConfig config = GossipConfig.DEFAULT;
        private MessageIdFunction idFunction = MessageIdFunction.SHA256_PREFIX_20;
        private ForwardingPolicy forwarding = ForwardingPolicy.PUSH_ALL;
        private RequestPolicy requests = RequestPolicy.STOCK;
        private RequestGate gate = RequestGate.ALLOW_ALL;
        private MessageValidator validator = MessageValidator.ACCEPT_ALL;
        private ValidationDelay validationDelay = ValidationDelay.NONE;
        private RouterTracer tracer = new RouterTracer() {};
        private PartialExtension extension = PartialExtension.NONE;
        private LongSupplier clock = System::nanoTime;
        private RouterLoop.Executor executor;
        private long inboundBytes = InboundBytes.DEFAULT_PAUSE_AT;

        private Builder(RouterHost host) {
            this.host = host;
        }

        public Builder config(GossipConfig config) {
            this.config = config;
            return this;
        }

        public Builder messageIds(MessageIdFunction f) {
            this.idFunction = f;
            return this;
        }

        public Builder forwarding(ForwardingPolicy p) {
            this.forwarding = p;
            return this;
        }

        public Builder requests(RequestPolicy p) {
            this.requests = p;
            return this;
        }

        public Builder gate(RequestGate g) {
            this.gate = g;
            return this;
        }

        /** The validator set so far, for a caller that wraps it ({@link MessageValidator#ACCEPT_ALL} by default). */
        public MessageValidator validator() {
            return validator;
        }

        public Builder validator(MessageValidator v) {
            this.validator = v;
            return this;
        }

        /** How long first-seen messages of each topic wait before validation; none by default. */
        public Builder validationDelay(ValidationDelay d) {
            this.validationDelay = d;
            return this;
        }

        public Builder tracer(RouterTracer t) {
            this.tracer = t;
            return this;
        }

        /** The v1.3 extension (partial messages); none by default. */
        public Builder extension(PartialExtension e) {
            this.extension = e;
            return this;
        }

        /**
         * The monotonic nanosecond clock every router decision reads (backoffs, promises, seen
         * and fanout expiry, arrival stamps); {@code System::nanoTime} by default.
         */
        public Builder clock(LongSupplier nanos) {
            this.clock = nanos;
            return this;
        }

        /** The bytes of RPCs all inbound streams may queue for the router before they stop decoding (tests make it small). */
        Builder inboundBytes(long pauseAt) {
            this.inboundBytes = pauseAt;
            return this;
        }

        /** Where the router's tasks and timers run; its own thread by default. */
        Builder executor(RouterLoop.Executor executor) {
            this.executor = executor;
            return this;
        }

        /** Builds and starts the router. */
        public GossipRouter start() {
            return new GossipRouter(this).start();
        }
    }
}
