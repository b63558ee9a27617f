package io.gsnode.gossipsub;

import io.gsnode.gossipsub.policy.ForwardingPolicy;
import io.gsnode.gossipsub.policy.ForwardingPolicy.ForwardPlan;
import io.gsnode.gossipsub.policy.ForwardingPolicy.ForwardRequest;
import io.gsnode.gossipsub.policy.MessageValidator;
import io.gsnode.gossipsub.policy.RequestGate;
import io.gsnode.gossipsub.policy.RequestPolicy;
import io.gsnode.gossipsub.policy.ValidationResult;
import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.ControlMessage.Extensions;
import io.gsnode.gossipsub.rpc.ControlMessage.IDontWant;
import io.gsnode.gossipsub.rpc.ControlMessage.IHave;
import io.gsnode.gossipsub.rpc.ControlMessage.IWant;
import io.gsnode.gossipsub.rpc.ControlMessage.Prune;
import io.gsnode.gossipsub.partial.ExtensionRouter;
import io.gsnode.gossipsub.partial.RouterExtension;
import io.gsnode.gossipsub.rpc.PartialMessage;
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
import io.netty.buffer.ByteBufAllocator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gossipsub router (libp2p-wire.md §7, arms.md §5): one thread owns every piece of state;
 * transports hand it decoded RPCs and it hands them encoded frames through bounded per-peer queues.
 *
 * <p>The public methods may be called from any thread; they hop onto the router thread. Hooks
 * (forwarding and request policies, the request gate, the validator, the tracer and delivery
 * callbacks) run on the router thread and must be quick.
 */
public final class GossipRouter implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(GossipRouter.class);

    /** A message to publish as part of a batch. */
    public record Outgoing(String topic, byte[] data) {}

    private final Host host;
    private final GossipConfig config;
    private final MessageIdFunction idFunction;
    private final ForwardingPolicy forwarding;
    private final RequestPolicy requests;
    private final RequestGate gate;
    private final MessageValidator validator;
    private final RouterTracer tracer;
    private final RouterExtension extension;
    private final MessageSigner signer;
    /**
     * The process's default allocator, the one the transports' channels use: a second pool (the
     * old {@code PooledByteBufAllocator}) kept its own arenas of direct memory beside it.
     */
    private final ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;
    private final ScheduledExecutorService loop;
    private final Random random;

    // Router-thread state.
    private final Map<PeerId, PeerState> peers = new HashMap<>();
    private final Map<String, Set<PeerId>> topicPeers = new HashMap<>();
    private final Map<String, Consumer<Delivery>> subscriptions = new LinkedHashMap<>();
    private final Map<String, TopicOptions> topicOptions = new HashMap<>();
    private final Map<String, Set<PeerId>> mesh = new HashMap<>();
    private final Map<String, Set<PeerId>> fanout = new HashMap<>();
    private final Map<String, Long> fanoutLastPublish = new HashMap<>();
    private final Map<String, Map<PeerId, Long>> backoff = new HashMap<>();
    private final Map<PeerId, PendingControl> pending = new LinkedHashMap<>();
    private final Map<MessageId, Promise> promises = new HashMap<>();
    private final MessageCache mcache;
    private final SeenCache seen;
    private long ticks;
    private volatile boolean closed;

    private GossipRouter(Builder b) {
        this.host = b.host;
        this.config = b.config;
        this.idFunction = b.idFunction;
        this.forwarding = b.forwarding;
        this.requests = b.requests;
        this.gate = b.gate;
        this.validator = b.validator;
        this.tracer = b.tracer;
        this.extension = b.extension;
        long seed = config.seed() != null ? config.seed() : new java.security.SecureRandom().nextLong();
        this.random = new Random(seed);
        this.signer = new MessageSigner(config.signaturePolicy(), host.identity(), host.peerId(), System.nanoTime());
        this.mcache = new MessageCache(config.historyLength(), config.historyGossip());
        this.seen = new SeenCache(config.seenTtl());
        this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gossip-router");
            t.setDaemon(true);
            return t;
        });
    }

    public static Builder builder(Host host) {
        return new Builder(host);
    }

    public GossipConfig config() {
        return config;
    }

    /** Serves the meshsub protocols, adopts current and future connections, starts the heartbeat. */
    public GossipRouter start() {
        for (String protocol : MeshsubVersion.proposalOrder()) {
            host.setProtocolHandler(protocol, stream -> stream.setHandler(
                    new InboundReader(config.maxMessageSize(), inboundSink)));
        }
        host.addListener(new HostListener() {
            @Override
            public void onConnected(Connection connection) {
                run(() -> addPeer(connection));
            }

            @Override
            public void onDisconnected(Connection connection) {
                run(() -> removePeer(connection));
            }
        });
        requests.attach(new Services(this));
        extension.attach(new ExtensionServices(this));
        run(() -> host.connections().forEach(this::addPeer));
        long initial = config.heartbeatInitialDelay().toNanos();
        loop.scheduleAtFixedRate(this::heartbeatSafely, initial, config.heartbeatInterval().toNanos(),
                TimeUnit.NANOSECONDS);
        return this;
    }

    /** Joins {@code topic}; {@code onMessage} gets each message on its first arrival. */
    public CompletableFuture<Void> subscribe(String topic, Consumer<Delivery> onMessage) {
        return subscribe(topic, TopicOptions.FULL_MESSAGES, onMessage);
    }

    /** Joins {@code topic} with the partial-message flags of {@code options} (v1.3). */
    public CompletableFuture<Void> subscribe(String topic, TopicOptions options, Consumer<Delivery> onMessage) {
        return call(() -> {
            join(topic, options, onMessage);
            return null;
        });
    }

    public CompletableFuture<Void> unsubscribe(String topic) {
        return call(() -> {
            leave(topic);
            return null;
        });
    }

    public CompletableFuture<PublishResult> publish(String topic, byte[] data) {
        return publishBatch(List.of(new Outgoing(topic, data))).thenApply(r -> r.get(0));
    }

    /**
     * Publishes several messages at once (arms.md §5.4): every send is planned before any is
     * made, then the plan is drained round-robin over the messages, so every message's first
     * send is queued before any message's second.
     */
    public CompletableFuture<List<PublishResult>> publishBatch(List<Outgoing> messages) {
        return call(() -> publishNow(messages));
    }

    public CompletableFuture<List<PeerId>> meshPeers(String topic) {
        return call(() -> sorted(mesh.getOrDefault(topic, Set.of())));
    }

    public CompletableFuture<List<PeerId>> topicPeers(String topic) {
        return call(() -> sorted(topicPeers.getOrDefault(topic, Set.of())));
    }

    /** Mesh sizes of the joined topics right now. */
    public CompletableFuture<Map<String, Integer>> meshSizes() {
        return call(() -> {
            Map<String, Integer> sizes = new LinkedHashMap<>();
            for (String t : subscriptions.keySet()) sizes.put(t, mesh.getOrDefault(t, Set.of()).size());
            return sizes;
        });
    }

    /** Runs {@code task} on the router thread (for policies and tests that need its view). */
    public <T> CompletableFuture<T> call(Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        run(() -> {
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
        closed = true;
        loop.shutdownNow();
        try {
            loop.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (PeerState p : peers.values()) p.queue.close();
    }

    // ---------------------------------------------------------------- threading

    private void run(Runnable task) {
        if (closed) return;
        try {
            loop.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    log.error("router task failed", e);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // Closed meanwhile: nothing left to do.
        }
    }

    void schedule(Duration delay, Runnable task) {
        if (closed) return;
        loop.schedule(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                log.error("router timer failed", e);
            }
        }, delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    // ---------------------------------------------------------------- peers and streams

    private final InboundReader.Sink inboundSink = new InboundReader.Sink() {
        @Override
        public void rpc(Stream stream, Rpc rpc, int frameBytes, long arrivedNanos) {
            run(() -> handleRpc(stream, rpc, frameBytes, arrivedNanos));
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
            run(() -> {
                PeerState p = peers.get(stream.connection().remotePeer());
                if (p != null && p.inbound == stream) p.inbound = null;
            });
        }
    };

    private PeerState addPeer(Connection connection) {
        PeerId id = connection.remotePeer();
        PeerState existing = peers.get(id);
        if (existing != null && existing.connection == connection) return existing;
        if (existing != null) dropPeer(existing);
        PeerState p = new PeerState(connection, config.outboundQueueSize());
        peers.put(id, p);
        host.newStream(connection, MeshsubVersion.proposalOrder().toArray(String[]::new)).whenComplete((stream, error) -> {
            if (error != null) {
                log.debug("{} does not speak gossipsub: {}", id, Causes.unwrap(error).getMessage());
                return;
            }
            stream.setHandler(new StreamHandler() {
                @Override
                public void onData(Stream s, io.netty.buffer.ByteBuf data) {
                    // The outbound stream is write-only by the spec; whatever arrives is ignored.
                }

                @Override
                public void onReset(Stream s, Throwable cause) {
                    run(() -> outboundClosed(p));
                }
            });
            run(() -> outboundReady(p, stream));
        });
        return p;
    }

    private void outboundReady(PeerState p, Stream stream) {
        if (peers.get(p.id) != p) {
            stream.reset();
            return;
        }
        p.version = MeshsubVersion.of(stream.protocol());
        List<SubOpts> subs = new ArrayList<>();
        for (String topic : subscriptions.keySet()) subs.add(subscription(topic));
        ControlMessage control = null;
        if (p.version.hasExtensions()) {
            control = new ControlMessage(List.of(), List.of(), List.of(), List.of(), List.of(),
                    new Extensions(advertisesPartialMessages()));
        }
        Rpc hello = new Rpc(subs, List.of(), control, null);
        ByteBuf frame = RpcEncoder.encodeFrame(alloc, hello);
        tracer.rpcSent(p.id, RpcParts.of(hello, frame.readableBytes()));
        p.queue.open(stream, frame);
    }

    private void outboundClosed(PeerState p) {
        if (peers.get(p.id) == p) {
            log.debug("outbound gossipsub stream to {} closed", p.id);
            dropPeer(p);
        }
    }

    private void removePeer(Connection connection) {
        PeerState p = peers.get(connection.remotePeer());
        if (p != null && p.connection == connection) dropPeer(p);
    }

    private void dropPeer(PeerState p) {
        peers.remove(p.id);
        extension.onPeerGone(p.id);
        p.queue.close();
        pending.remove(p.id);
        for (String topic : p.topics) {
            Set<PeerId> set = topicPeers.get(topic);
            if (set != null) set.remove(p.id);
        }
        for (var e : mesh.entrySet()) {
            if (e.getValue().remove(p.id)) tracer.meshRemoved(e.getKey(), p.id);
        }
        for (Set<PeerId> f : fanout.values()) f.remove(p.id);
    }

    // ---------------------------------------------------------------- incoming RPCs

    private void handleRpc(Stream stream, Rpc rpc, int frameBytes, long arrivedNanos) {
        Connection connection = stream.connection();
        PeerState p = peers.get(connection.remotePeer());
        if (p == null || p.connection != connection) p = addPeer(connection);
        if (p.inbound != stream) {
            // go keeps only the newest inbound stream of a peer.
            if (p.inbound != null) p.inbound.reset();
            p.inbound = stream;
        }
        tracer.rpcReceived(p.id, RpcParts.of(rpc, frameBytes));
        if (score(p.id) < config.thresholds().graylist()) {
            tracer.rejected(p.id, "graylisted");
            return;
        }
        for (SubOpts s : rpc.subscriptions()) handleSubscription(p, s);
        for (PubMessage m : rpc.publish()) handleMessage(p, m, arrivedNanos);
        ControlMessage c = rpc.control();
        if (c != null) handleControl(p, c);
        if (rpc.partial() != null) handlePartial(p, rpc.partial());
    }

    /** v1.3: a partial RPC goes to the extension only when both sides advertised it (go drops it otherwise). */
    private void handlePartial(PeerState p, PartialMessage partial) {
        if (!advertisesPartialMessages() || !p.partialMessages) {
            tracer.rejected(p.id, "partial_without_extension");
            return;
        }
        extension.onPartial(p.id, partial);
    }

    private boolean advertisesPartialMessages() {
        return config.partialMessages() || extension.advertisesPartialMessages();
    }

    private SubOpts subscription(String topic) {
        TopicOptions o = topicOptions.getOrDefault(topic, TopicOptions.FULL_MESSAGES);
        return new SubOpts(true, topic, o.requestsPartial(), o.supportsSendingPartial());
    }

    private boolean iRequestPartial(String topic) {
        return topicOptions.getOrDefault(topic, TopicOptions.FULL_MESSAGES).requestsPartial();
    }

    private boolean iSupportSendingPartial(String topic) {
        return topicOptions.getOrDefault(topic, TopicOptions.FULL_MESSAGES).supportsSendingPartial();
    }

    /** go: {@code peerRequestsPartial}: only meaningful when we run the extension. */
    private boolean peerRequestsPartial(PeerState p, String topic) {
        return advertisesPartialMessages() && p.requestsPartial.contains(topic);
    }

    private boolean peerSupportsSendingPartial(PeerState p, String topic) {
        return advertisesPartialMessages() && p.supportsPartial.contains(topic);
    }

    /** A peer that asked for partial messages on a topic we can serve partially gets no full messages there (go: {@code rpcs}). */
    private boolean wantsPartialOnly(PeerState p, String topic) {
        return iSupportSendingPartial(topic) && peerRequestsPartial(p, topic);
    }

    private void handleSubscription(PeerState p, SubOpts s) {
        if (s.subscribe()) {
            // go: requesting implies supporting; the flags are replaced by each subscription.
            if (s.requestsPartial()) p.requestsPartial.add(s.topic());
            else p.requestsPartial.remove(s.topic());
            if (s.requestsPartial() || s.supportsSendingPartial()) p.supportsPartial.add(s.topic());
            else p.supportsPartial.remove(s.topic());
            p.topics.add(s.topic());
            topicPeers.computeIfAbsent(s.topic(), t -> new LinkedHashSet<>()).add(p.id);
        } else {
            p.requestsPartial.remove(s.topic());
            p.supportsPartial.remove(s.topic());
            p.topics.remove(s.topic());
            Set<PeerId> set = topicPeers.get(s.topic());
            if (set != null) set.remove(p.id);
            Set<PeerId> m = mesh.get(s.topic());
            if (m != null && m.remove(p.id)) tracer.meshRemoved(s.topic(), p.id);
            Set<PeerId> f = fanout.get(s.topic());
            if (f != null) f.remove(p.id);
        }
    }

    private void handleMessage(PeerState from, PubMessage m, long arrivedNanos) {
        if (!subscriptions.containsKey(m.topic())) {
            tracer.rejected(from.id, "unknown_topic");
            return;
        }
        String bad = signer.check(m);
        if (bad != null) {
            tracer.rejected(from.id, "signature_policy");
            log.debug("rejecting message from {}: {}", from.id, bad);
            return;
        }
        MessageId id = idFunction.apply(m);
        long now = System.nanoTime();
        if (!seen.add(id, now)) {
            tracer.duplicate(from.id, id, m.topic());
            return;
        }
        if (m.data().length >= config.idontwantThreshold()) sendIDontWant(m.topic(), id, from.id);
        requests.onDelivered(id);
        promises.remove(id);
        ValidationResult verdict = validator.validate(from.id, id, m);
        if (verdict != ValidationResult.ACCEPT) {
            tracer.rejected(from.id, verdict == ValidationResult.REJECT ? "invalid" : "ignored");
            return;
        }
        tracer.delivered(from.id, id, m.topic(), m.data().length);
        mcache.put(id, m);
        Consumer<Delivery> handler = subscriptions.get(m.topic());
        if (handler != null) handler.accept(new Delivery(id, m.topic(), m.data(), from.id, arrivedNanos));
        List<Planned> plan = plan(id, m, from.id, false);
        drain(List.of(new PlannedMessage(id, m, plan)));
    }

    /** v1.2: tell the other mesh peers at once, in its own RPC, that we hold {@code id}. */
    private void sendIDontWant(String topic, MessageId id, PeerId source) {
        Set<PeerId> m = mesh.get(topic);
        if (m == null) return;
        Rpc rpc = Rpc.ofControl(new ControlMessage(List.of(), List.of(), List.of(), List.of(),
                List.of(new IDontWant(List.of(id.bytes()))), null));
        for (PeerId peer : m) {
            PeerState p = peers.get(peer);
            if (peer.equals(source) || p == null || !p.ready() || !p.version.hasIDontWant()) continue;
            // go: no IDONTWANT to peers that use partial messages with us on this topic.
            if (iRequestPartial(topic) && peerSupportsSendingPartial(p, topic)) continue;
            send(p, rpc);
        }
    }

    private void handleControl(PeerState p, ControlMessage c) {
        if (c.extensions() != null) {
            if (p.extensionsReceived) {
                tracer.rejected(p.id, "repeated_extensions");
            } else {
                p.extensionsReceived = true;
                p.partialMessages = c.extensions().partialMessages();
                extension.onPeerExtensions(p.id, p.partialMessages);
            }
        }
        for (IDontWant d : c.idontwant()) handleIDontWant(p, d);
        if (!c.ihave().isEmpty()) handleIHave(p, c.ihave());
        List<PubMessage> answers = new ArrayList<>();
        for (IWant w : c.iwant()) collectIWant(p, w, answers);
        List<Prune> prunes = new ArrayList<>();
        for (String topic : c.graft()) handleGraft(p, topic, prunes);
        for (Prune prune : c.prune()) handlePrune(p, prune);
        if (!prunes.isEmpty()) send(p, Rpc.ofControl(control(List.of(), List.of(), prunes)));
        sendMessages(p, answers);
    }

    private void handleIDontWant(PeerState p, IDontWant d) {
        if (++p.idontwantRpcs > config.maxIDontWantMessages()) {
            tracer.rejected(p.id, "idontwant_over_limit");
            return;
        }
        long expires = ticks + config.idontwantTtlHeartbeats();
        int n = 0;
        for (byte[] id : d.messageIds()) {
            if (n++ >= config.maxIDontWantLength()) {
                tracer.rejected(p.id, "idontwant_ids_over_limit");
                break;
            }
            p.addDontWant(MessageId.wrap(id), expires);
        }
    }

    /** arms.md §5.8, in its order of checks. */
    private void handleIHave(PeerState p, List<IHave> ihaves) {
        if (score(p.id) < config.thresholds().gossip()) {
            tracer.rejected(p.id, "ihave_below_gossip_threshold");
            return;
        }
        if (requests.ignoresAnnouncementsFrom(p.id)) {
            tracer.rejected(p.id, "ihave_parked");
            return;
        }
        if (++p.ihaveRpcs > config.maxIHaveMessages()) {
            tracer.rejected(p.id, "ihave_over_limit");
            return;
        }
        if (p.iwantIdsAsked >= config.maxIHaveLength()) {
            tracer.rejected(p.id, "iwant_budget_spent");
            return;
        }
        Set<MessageId> candidates = new LinkedHashSet<>();
        for (IHave h : ihaves) {
            if (!mesh.containsKey(h.topic())) {
                if (!subscriptions.containsKey(h.topic())) tracer.rejected(p.id, "unknown_topic");
                continue;
            }
            for (byte[] raw : h.messageIds()) {
                MessageId id = MessageId.wrap(raw);
                if (seen.contains(id)) continue;
                requests.onAnnounced(p.id, id, h.topic());
                candidates.add(id);
            }
        }
        List<MessageId> ordered = new ArrayList<>(candidates);
        ordered.sort(null);
        shuffle(ordered);
        List<MessageId> ask = new ArrayList<>();
        int room = config.maxIHaveLength() - p.iwantIdsAsked;
        for (MessageId id : ordered) {
            if (ask.size() >= room) break;
            if (!gate.allow(id)) {
                tracer.rejected(p.id, "declined_by_gate");
                continue;
            }
            if (requests.grant(p.id, id)) ask.add(id);
        }
        if (!ask.isEmpty()) sendIWant(p, ask);
    }

    private void sendIWant(PeerState p, List<MessageId> ids) {
        p.iwantIdsAsked += ids.size();
        List<byte[]> raw = new ArrayList<>(ids.size());
        long deadline = System.nanoTime() + config.iwantFollowupTime().toNanos();
        for (MessageId id : ids) {
            raw.add(id.bytes());
            promises.putIfAbsent(id, new Promise(p.id, deadline));
        }
        send(p, Rpc.ofControl(new ControlMessage(List.of(), List.of(new IWant(raw)), List.of(), List.of(), List.of(), null)));
    }

    private void collectIWant(PeerState p, IWant w, List<PubMessage> answers) {
        if (score(p.id) < config.thresholds().gossip()) {
            tracer.rejected(p.id, "iwant_below_gossip_threshold");
            return;
        }
        for (byte[] raw : w.messageIds()) {
            MessageId id = MessageId.wrap(raw);
            MessageCache.Entry e = mcache.get(id);
            if (e == null) continue;
            if (p.dontWant(id)) {
                tracer.suppressedByIDontWant(p.id, id);
                continue;
            }
            if (e.serve(p.id) > config.gossipRetransmission()) {
                tracer.rejected(p.id, "iwant_retransmission_cap");
                continue;
            }
            tracer.iwantServed(p.id, id);
            answers.add(e.message);
        }
    }

    /** libp2p-wire.md §7.8, GRAFT. Responses are PRUNEs collected in {@code prunes}. */
    private void handleGraft(PeerState p, String topic, List<Prune> prunes) {
        Set<PeerId> m = mesh.get(topic);
        if (m == null) {
            tracer.rejected(p.id, "graft_unknown_topic");
            return;
        }
        if (m.contains(p.id)) return;
        long now = System.nanoTime();
        Long until = backoff.getOrDefault(topic, Map.of()).get(p.id);
        if (until != null && now - until < 0) {
            tracer.rejected(p.id, "graft_during_backoff");
            addBackoff(topic, p.id, config.pruneBackoff());
            prunes.add(prune(p, topic, config.pruneBackoff()));
            return;
        }
        if (score(p.id) < 0) {
            addBackoff(topic, p.id, config.pruneBackoff());
            prunes.add(prune(p, topic, config.pruneBackoff()));
            return;
        }
        if (m.size() >= config.dHi() && !p.outbound()) {
            addBackoff(topic, p.id, config.pruneBackoff());
            prunes.add(prune(p, topic, config.pruneBackoff()));
            return;
        }
        m.add(p.id);
        tracer.meshAdded(topic, p.id);
    }

    private void handlePrune(PeerState p, Prune prune) {
        Set<PeerId> m = mesh.get(prune.topic());
        if (m != null && m.remove(p.id)) tracer.meshRemoved(prune.topic(), p.id);
        Duration wait = prune.backoffSeconds() != null && prune.backoffSeconds() > 0
                ? Duration.ofSeconds(Math.min(prune.backoffSeconds(), 3600 * 24))
                : config.pruneBackoff();
        addBackoff(prune.topic(), p.id, wait);
    }

    private Prune prune(PeerState p, String topic, Duration wait) {
        // No peer exchange (arms.md §5.1); v1.0 peers know no backoff field.
        Long seconds = p.ready() && p.version.hasPruneBackoff() ? wait.toSeconds() : null;
        return new Prune(topic, List.of(), seconds);
    }

    private void addBackoff(String topic, PeerId peer, Duration wait) {
        long until = System.nanoTime() + wait.toNanos();
        backoff.computeIfAbsent(topic, t -> new HashMap<>()).merge(peer, until, (a, b) -> a - b > 0 ? a : b);
    }

    /** Backed off for grafting by us: the backoff plus two heartbeats of slack, as go waits. */
    private boolean backedOff(String topic, PeerId peer, long now) {
        Long until = backoff.getOrDefault(topic, Map.of()).get(peer);
        return until != null && now - (until + 2 * config.heartbeatInterval().toNanos()) < 0;
    }

    // ---------------------------------------------------------------- publishing and forwarding

    private record Planned(PeerId peer, boolean push) {}

    private record PlannedMessage(MessageId id, PubMessage message, List<Planned> sends) {}

    private List<PublishResult> publishNow(List<Outgoing> batch) {
        List<PlannedMessage> planned = new ArrayList<>();
        long now = System.nanoTime();
        for (Outgoing o : batch) {
            PubMessage m = signer.author(o.topic(), o.data());
            MessageId id = idFunction.apply(m);
            seen.add(id, now);
            mcache.put(id, m);
            planned.add(new PlannedMessage(id, m, plan(id, m, null, true)));
        }
        return drain(planned);
    }

    /** The forwarding rule's sends for one message, before any is made (arms.md §6.1 steps 1-5). */
    private List<Planned> plan(MessageId id, PubMessage m, PeerId source, boolean publishing) {
        Set<PeerId> pool = recipientsPool(m.topic(), publishing);
        Set<PeerId> meshOfTopic = mesh.getOrDefault(m.topic(), Set.of());
        int holders = 0;
        for (PeerId peer : meshOfTopic) {
            PeerState p = peers.get(peer);
            if (p != null && p.dontWant(id)) holders++;
        }
        List<PeerId> candidates = new ArrayList<>();
        for (PeerId peer : pool) {
            PeerState p = peers.get(peer);
            if (p == null || !p.ready() || wantsPartialOnly(p, m.topic())) continue;
            if (p.dontWant(id)) {
                tracer.suppressedByIDontWant(peer, id);
                continue;
            }
            candidates.add(peer);
        }
        candidates.sort(null);
        ForwardPlan plan = forwarding.plan(new ForwardRequest(id, m.topic(), List.copyOf(candidates), holders, publishing));
        PeerId author = author(m);
        List<Planned> sends = new ArrayList<>();
        for (PeerId peer : plan.push()) {
            if (!peer.equals(source) && !peer.equals(author)) sends.add(new Planned(peer, true));
        }
        for (PeerId peer : plan.announce()) {
            if (!peer.equals(source) && !peer.equals(author)) sends.add(new Planned(peer, false));
        }
        return sends;
    }

    private Set<PeerId> recipientsPool(String topic, boolean publishing) {
        if (publishing && config.floodPublish()) {
            Set<PeerId> flood = new LinkedHashSet<>();
            for (PeerId peer : topicPeers.getOrDefault(topic, Set.of())) {
                if (score(peer) >= config.thresholds().publish()) flood.add(peer);
            }
            return flood;
        }
        Set<PeerId> m = mesh.get(topic);
        if (m != null) return m;
        if (!publishing) return Set.of();
        fanoutLastPublish.put(topic, System.nanoTime());
        return fanout.computeIfAbsent(topic, t -> {
            Set<PeerId> chosen = new LinkedHashSet<>();
            for (PeerId peer : shuffled(eligible(topic, Set.of()))) {
                if (chosen.size() >= config.d()) break;
                chosen.add(peer);
            }
            return chosen;
        });
    }

    private PeerId author(PubMessage m) {
        if (m.from() == null) return null;
        try {
            return PeerId.fromBytes(m.from());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Sends the plans round-robin over messages, re-checking IDONTWANT at each send (arms.md §5.4). */
    private List<PublishResult> drain(List<PlannedMessage> plans) {
        int[] pushed = new int[plans.size()];
        int[] announced = new int[plans.size()];
        ByteBuf[] frames = new ByteBuf[plans.size()];
        RpcParts[] parts = new RpcParts[plans.size()];
        try {
            int longest = 0;
            for (PlannedMessage pm : plans) longest = Math.max(longest, pm.sends().size());
            for (int round = 0; round < longest; round++) {
                for (int i = 0; i < plans.size(); i++) {
                    PlannedMessage pm = plans.get(i);
                    if (round >= pm.sends().size()) continue;
                    Planned s = pm.sends().get(round);
                    PeerState p = peers.get(s.peer());
                    if (p == null) continue;
                    if (!s.push()) {
                        sendIHave(p, pm.message().topic(), pm.id());
                        announced[i]++;
                        continue;
                    }
                    if (p.dontWant(pm.id())) {
                        tracer.suppressedByIDontWant(p.id, pm.id());
                        continue;
                    }
                    if (frames[i] == null) {
                        // Encoded once; every recipient's queue holds a reference to the same bytes.
                        Rpc rpc = Rpc.ofPublish(pm.message());
                        frames[i] = RpcEncoder.encodeFrame(alloc, rpc);
                        parts[i] = RpcParts.of(rpc, frames[i].readableBytes());
                    }
                    if (enqueue(p, frames[i].retainedDuplicate(), parts[i])) pushed[i]++;
                }
            }
        } finally {
            for (ByteBuf f : frames) {
                if (f != null) f.release();
            }
        }
        List<PublishResult> results = new ArrayList<>(plans.size());
        for (int i = 0; i < plans.size(); i++) {
            results.add(new PublishResult(plans.get(i).id(), pushed[i], announced[i]));
        }
        return results;
    }

    private void sendIHave(PeerState p, String topic, MessageId id) {
        send(p, Rpc.ofControl(new ControlMessage(List.of(new IHave(topic, List.of(id.bytes()))), List.of(),
                List.of(), List.of(), List.of(), null)));
    }

    /** Answers IWANTs: as few RPCs as the size limit allows. */
    private void sendMessages(PeerState p, List<PubMessage> messages) {
        List<PubMessage> batch = new ArrayList<>();
        int size = 0;
        for (PubMessage m : messages) {
            int entry = RpcEncoder.publishEntrySize(m);
            if (!batch.isEmpty() && size + entry > config.maxMessageSize() - 16) {
                send(p, new Rpc(List.of(), batch, null, null));
                batch = new ArrayList<>();
                size = 0;
            }
            batch.add(m);
            size += entry;
        }
        if (!batch.isEmpty()) send(p, new Rpc(List.of(), batch, null, null));
    }

    private boolean send(PeerState p, Rpc rpc) {
        ByteBuf frame = RpcEncoder.encodeFrame(alloc, rpc);
        return enqueue(p, frame, RpcParts.of(rpc, frame.readableBytes()));
    }

    private boolean enqueue(PeerState p, ByteBuf frame, RpcParts parts) {
        if (!p.queue.offer(frame)) {
            tracer.queueDropped(p.id);
            return false;
        }
        tracer.rpcSent(p.id, parts);
        return true;
    }

    // ---------------------------------------------------------------- join and leave

    private void join(String topic, TopicOptions options, Consumer<Delivery> onMessage) {
        if (options.partialEnabled() && !advertisesPartialMessages()) {
            throw new IllegalStateException("partial messages on " + topic + " need the partial-messages extension");
        }
        boolean changed = !options.equals(topicOptions.getOrDefault(topic, TopicOptions.FULL_MESSAGES));
        topicOptions.put(topic, options);
        if (subscriptions.containsKey(topic)) {
            subscriptions.put(topic, onMessage);
            if (!changed) return;
            Rpc update = new Rpc(List.of(subscription(topic)), List.of(), null, null);
            for (PeerState p : peers.values()) {
                if (p.ready()) send(p, update);
            }
            return;
        }
        subscriptions.put(topic, onMessage);
        Rpc announce = new Rpc(List.of(subscription(topic)), List.of(), null, null);
        for (PeerState p : peers.values()) {
            if (p.ready()) send(p, announce);
        }
        Set<PeerId> m = new LinkedHashSet<>();
        long now = System.nanoTime();
        Set<PeerId> fromFanout = fanout.remove(topic);
        fanoutLastPublish.remove(topic);
        if (fromFanout != null) {
            for (PeerId peer : fromFanout) {
                if (!backedOff(topic, peer, now) && peers.containsKey(peer)) m.add(peer);
            }
        }
        for (PeerId peer : shuffled(eligible(topic, m))) {
            if (m.size() >= config.d()) break;
            m.add(peer);
        }
        mesh.put(topic, m);
        for (PeerId peer : m) {
            tracer.meshAdded(topic, peer);
            send(peers.get(peer), Rpc.ofControl(control(List.of(topic), List.of(), List.of())));
        }
    }

    private void leave(String topic) {
        if (subscriptions.remove(topic) == null) return;
        topicOptions.remove(topic);
        Set<PeerId> m = mesh.remove(topic);
        if (m != null) {
            for (PeerId peer : m) {
                tracer.meshRemoved(topic, peer);
                PeerState p = peers.get(peer);
                if (p == null) continue;
                addBackoff(topic, peer, config.unsubscribeBackoff());
                send(p, Rpc.ofControl(control(List.of(), List.of(), List.of(prune(p, topic, config.unsubscribeBackoff())))));
            }
        }
        Rpc announce = new Rpc(List.of(SubOpts.unsubscribe(topic)), List.of(), null, null);
        for (PeerState p : peers.values()) {
            if (p.ready()) send(p, announce);
        }
    }

    /** Topic peers that may be grafted: ready, not in {@code exclude}, not backed off. */
    private List<PeerId> eligible(String topic, Set<PeerId> exclude) {
        long now = System.nanoTime();
        List<PeerId> out = new ArrayList<>();
        for (PeerId peer : topicPeers.getOrDefault(topic, Set.of())) {
            PeerState p = peers.get(peer);
            if (p != null && p.ready() && !exclude.contains(peer) && !backedOff(topic, peer, now) && score(peer) >= 0) {
                out.add(peer);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- heartbeat

    /** Control queued during a heartbeat, sent as one RPC per peer at its end. */
    private static final class PendingControl {
        final List<String> grafts = new ArrayList<>();
        final List<Prune> prunes = new ArrayList<>();
        final List<IHave> ihaves = new ArrayList<>();
    }

    private record Promise(PeerId peer, long deadline) {}

    private void heartbeatSafely() {
        try {
            heartbeat();
        } catch (RuntimeException e) {
            log.error("heartbeat failed", e);
        }
    }

    /** libp2p-wire.md §7.9, in go's order; with scoring off every score is 0. */
    private void heartbeat() {
        ticks++;
        long now = System.nanoTime();
        for (PeerState p : peers.values()) p.onHeartbeat(ticks);
        expireBackoffs(now);
        expirePromises(now);
        seen.sweep(now);
        requests.onHeartbeat();
        extension.onHeartbeat();
        for (String topic : subscriptions.keySet()) maintainMesh(topic, now);
        maintainFanout(now);
        flushPending();
        mcache.shift();
    }

    private void maintainMesh(String topic, long now) {
        Set<PeerId> m = mesh.computeIfAbsent(topic, t -> new LinkedHashSet<>());
        m.removeIf(peer -> !peers.containsKey(peer));
        for (PeerId peer : List.copyOf(m)) {
            if (score(peer) < 0) {
                m.remove(peer);
                tracer.meshRemoved(topic, peer);
                addBackoff(topic, peer, config.pruneBackoff());
                pending(peer).prunes.add(prune(peers.get(peer), topic, config.pruneBackoff()));
            }
        }
        if (m.size() < config.dLo()) {
            for (PeerId peer : shuffled(eligible(topic, m))) {
                if (m.size() >= config.d()) break;
                graft(topic, peer, m);
            }
        }
        if (m.size() > config.dHi()) {
            shrink(topic, m);
        }
        if (m.size() >= config.dLo() && config.dOut() > 0) {
            int outbound = countOutbound(m);
            if (outbound < config.dOut()) {
                for (PeerId peer : shuffled(eligible(topic, m))) {
                    if (outbound >= config.dOut()) break;
                    if (peers.get(peer).outbound()) {
                        graft(topic, peer, m);
                        outbound++;
                    }
                }
            }
        }
        if (config.opportunisticGraftTicks() > 0 && ticks % config.opportunisticGraftTicks() == 0 && m.size() > 1) {
            opportunisticGraft(topic, m);
        }
        emitGossip(topic, m);
    }

    /** When the mesh's median score is below the threshold, graft a few better-scored peers. */
    private void opportunisticGraft(String topic, Set<PeerId> m) {
        List<Double> scores = new ArrayList<>();
        for (PeerId peer : m) scores.add(score(peer));
        scores.sort(null);
        double median = scores.get(scores.size() / 2);
        if (median >= config.thresholds().opportunisticGraft()) return;
        int grafted = 0;
        for (PeerId peer : shuffled(eligible(topic, m))) {
            if (grafted >= config.opportunisticGraftPeers()) break;
            if (score(peer) > median) {
                graft(topic, peer, m);
                grafted++;
            }
        }
    }

    /** Keeps D random peers, at least Dout of them outbound, and prunes the rest. */
    private void shrink(String topic, Set<PeerId> m) {
        List<PeerId> order = shuffled(m);
        List<PeerId> keep = new ArrayList<>(order.subList(0, config.d()));
        List<PeerId> rest = new ArrayList<>(order.subList(config.d(), order.size()));
        int outbound = countOutbound(keep);
        for (int i = keep.size() - 1; i >= 0 && outbound < config.dOut(); i--) {
            if (peers.get(keep.get(i)).outbound()) continue;
            PeerId swapIn = null;
            for (PeerId candidate : rest) {
                if (peers.get(candidate).outbound()) {
                    swapIn = candidate;
                    break;
                }
            }
            if (swapIn == null) break;
            rest.remove(swapIn);
            rest.add(keep.set(i, swapIn));
            outbound++;
        }
        for (PeerId peer : rest) {
            m.remove(peer);
            tracer.meshRemoved(topic, peer);
            addBackoff(topic, peer, config.pruneBackoff());
            pending(peer).prunes.add(prune(peers.get(peer), topic, config.pruneBackoff()));
        }
    }

    private void graft(String topic, PeerId peer, Set<PeerId> m) {
        m.add(peer);
        tracer.meshAdded(topic, peer);
        pending(peer).grafts.add(topic);
    }

    private int countOutbound(Collection<PeerId> set) {
        int n = 0;
        for (PeerId peer : set) {
            PeerState p = peers.get(peer);
            if (p != null && p.outbound()) n++;
        }
        return n;
    }

    private void maintainFanout(long now) {
        long ttl = config.fanoutTtl().toNanos();
        for (var it = fanoutLastPublish.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (now - e.getValue() > ttl) {
                fanout.remove(e.getKey());
                it.remove();
            }
        }
        for (var e : fanout.entrySet()) {
            String topic = e.getKey();
            Set<PeerId> f = e.getValue();
            Set<PeerId> inTopic = topicPeers.getOrDefault(topic, Set.of());
            f.removeIf(peer -> !inTopic.contains(peer) || !peers.containsKey(peer));
            for (PeerId peer : shuffled(eligible(topic, f))) {
                if (f.size() >= config.d()) break;
                f.add(peer);
            }
            emitGossip(topic, f);
        }
    }

    /** IHAVE of the recent ids to max(Dlazy, factor × candidates) random topic peers outside {@code exclude}. */
    private void emitGossip(String topic, Set<PeerId> exclude) {
        List<MessageId> ids = mcache.gossipIds(topic);
        if (ids.isEmpty() && !iSupportSendingPartial(topic)) return;
        List<PeerId> candidates = new ArrayList<>();
        for (PeerId peer : topicPeers.getOrDefault(topic, Set.of())) {
            PeerState p = peers.get(peer);
            if (p != null && p.ready() && !exclude.contains(peer) && score(peer) >= config.thresholds().gossip()) {
                candidates.add(peer);
            }
        }
        int target = Math.max(config.dLazy(), (int) (config.gossipFactor() * candidates.size()));
        List<PeerId> chosen = shuffled(candidates);
        if (chosen.size() > target) chosen = chosen.subList(0, target);
        // go: targets that asked for partial messages get no IHAVE; the extension gossips to them.
        List<PeerId> partialTargets = new ArrayList<>();
        for (PeerId peer : chosen) {
            if (wantsPartialOnly(peers.get(peer), topic)) {
                partialTargets.add(peer);
                continue;
            }
            if (ids.isEmpty()) continue;
            List<MessageId> announce = ids;
            if (ids.size() > config.maxIHaveLength()) {
                List<MessageId> copy = new ArrayList<>(ids);
                shuffle(copy);
                announce = copy.subList(0, config.maxIHaveLength());
            }
            List<byte[]> raw = new ArrayList<>(announce.size());
            for (MessageId id : announce) raw.add(id.bytes());
            pending(peer).ihaves.add(new IHave(topic, raw));
        }
        if (!partialTargets.isEmpty()) extension.onEmitGossip(topic, partialTargets);
    }

    private PendingControl pending(PeerId peer) {
        return pending.computeIfAbsent(peer, k -> new PendingControl());
    }

    private void flushPending() {
        for (var e : pending.entrySet()) {
            PeerState p = peers.get(e.getKey());
            if (p == null) continue;
            PendingControl c = e.getValue();
            send(p, Rpc.ofControl(new ControlMessage(c.ihaves, List.of(), c.grafts, c.prunes, List.of(), null)));
        }
        pending.clear();
    }

    private void expireBackoffs(long now) {
        long slack = 2 * config.heartbeatInterval().toNanos();
        for (var it = backoff.values().iterator(); it.hasNext(); ) {
            Map<PeerId, Long> perTopic = it.next();
            perTopic.values().removeIf(until -> now - (until + slack) > 0);
            if (perTopic.isEmpty()) it.remove();
        }
    }

    private void expirePromises(long now) {
        for (var it = promises.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (now - e.getValue().deadline() > 0) {
                tracer.brokenPromise(e.getValue().peer(), e.getKey());
                it.remove();
            }
        }
    }

    // ---------------------------------------------------------------- helpers

    /**
     * The peer's score. No scoring is installed (arms.md §5.1): every peer scores 0, and the
     * thresholds decide as go does with scoring off. The checks stay where the spec puts them.
     */
    private double score(PeerId peer) {
        return 0;
    }

    private static ControlMessage control(List<String> grafts, List<IHave> ihaves, List<Prune> prunes) {
        return new ControlMessage(ihaves, List.of(), grafts, prunes, List.of(), null);
    }

    /**
     * A seeded shuffle over a run-stable order (arms.md §5.9): sorting by peer id first makes the
     * draw depend only on the seed and the set, not on the order peers happened to connect in.
     */
    private List<PeerId> shuffled(Collection<PeerId> set) {
        List<PeerId> list = new ArrayList<>(set);
        list.sort(null);
        shuffle(list);
        return list;
    }

    private <T> void shuffle(List<T> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }

    private static List<PeerId> sorted(Collection<PeerId> set) {
        List<PeerId> list = new ArrayList<>(set);
        list.sort(null);
        return list;
    }

    // ---------------------------------------------------------------- services for policies

    private static final class Services implements io.gsnode.gossipsub.policy.RouterServices {
        private final GossipRouter r;

        Services(GossipRouter r) {
            this.r = r;
        }

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void schedule(Duration delay, Runnable task) {
            r.schedule(delay, task);
        }

        @Override
        public boolean seen(MessageId id) {
            return r.seen.contains(id);
        }

        @Override
        public boolean gateAllows(MessageId id) {
            return r.gate.allow(id);
        }

        @Override
        public void sendIWant(PeerId peer, List<MessageId> ids) {
            PeerState p = r.peers.get(peer);
            if (p != null && p.ready()) r.sendIWant(p, ids);
        }

        @Override
        public boolean connected(PeerId peer) {
            PeerState p = r.peers.get(peer);
            return p != null && p.ready();
        }
    }

    /** What the v1.3 extension may ask of the router (go: {@code partialMessageRouter}). */
    private static final class ExtensionServices implements ExtensionRouter {
        private final GossipRouter r;

        ExtensionServices(GossipRouter r) {
            this.r = r;
        }

        @Override
        public void sendPartial(PeerId peer, PartialMessage rpc) {
            PeerState p = r.peers.get(peer);
            if (p != null && p.ready()) r.send(p, new Rpc(List.of(), List.of(), null, rpc));
        }

        @Override
        public List<PeerId> partialMeshPeers(String topic) {
            Set<PeerId> pool = r.mesh.get(topic);
            if (pool == null || pool.isEmpty()) pool = r.fanout.getOrDefault(topic, Set.of());
            List<PeerId> out = new ArrayList<>();
            for (PeerId peer : pool) {
                PeerState p = r.peers.get(peer);
                if (p == null || !p.ready() || !p.partialMessages) continue;
                if ((r.iRequestPartial(topic) && r.peerSupportsSendingPartial(p, topic))
                        || (r.iSupportSendingPartial(topic) && r.peerRequestsPartial(p, topic))) {
                    out.add(peer);
                }
            }
            out.sort(null);
            return out;
        }

        @Override
        public boolean peerRequestsPartial(PeerId peer, String topic) {
            PeerState p = r.peers.get(peer);
            return p != null && r.peerRequestsPartial(p, topic);
        }

        @Override
        public boolean partialEnabled(String topic) {
            return r.topicOptions.getOrDefault(topic, TopicOptions.FULL_MESSAGES).partialEnabled();
        }

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void schedule(Duration delay, Runnable task) {
            r.schedule(delay, task);
        }

        @Override
        public void execute(Runnable task) {
            r.run(task);
        }

        @Override
        public PeerId localPeer() {
            return r.host.peerId();
        }
    }

    // ---------------------------------------------------------------- builder

    public static final class Builder {
        private final Host host;
        private GossipConfig config = GossipConfig.DEFAULT;
        private MessageIdFunction idFunction = MessageIdFunction.SHA256_PREFIX_20;
        private ForwardingPolicy forwarding = ForwardingPolicy.PUSH_ALL;
        private RequestPolicy requests = RequestPolicy.STOCK;
        private RequestGate gate = RequestGate.ALLOW_ALL;
        private MessageValidator validator = MessageValidator.ACCEPT_ALL;
        private RouterTracer tracer = new RouterTracer() {};
        private RouterExtension extension = RouterExtension.NONE;

        private Builder(Host host) {
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

        public Builder validator(MessageValidator v) {
            this.validator = v;
            return this;
        }

        public Builder tracer(RouterTracer t) {
            this.tracer = t;
            return this;
        }

        /** The v1.3 extension (partial messages); none by default. */
        public Builder extension(RouterExtension e) {
            this.extension = e;
            return this;
        }

        /** Builds and starts the router. */
        public GossipRouter start() {
            return new GossipRouter(this).start();
        }
    }
}
