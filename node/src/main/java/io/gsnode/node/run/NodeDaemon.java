package io.gsnode.node.run;

import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.formats.record.Build;
import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.LocalTopology;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.trace.GossipCounters;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.crypto.DataPathCrypto;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.host.TransportFactory;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.libp2p.ping.PingService;
import io.gsnode.node.peer.AgentVersion;
import io.gsnode.node.peer.EventLog;
import io.gsnode.segmentation.arm.ArmContext;
import io.gsnode.segmentation.arm.ArmNode;
import io.gsnode.segmentation.arm.CellKnobs;
import io.gsnode.segmentation.arm.Diffusion;
import io.gsnode.transport.quic.QuicTransport;
import io.gsnode.transport.tcp.TcpTransport;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One node of a cell (docs/arms.md §11.3): listen, dial the edges this node owns, subscribe, publish
 * (node 0), watch for completion, sample counters every 100 ms, and write one record at the end
 * of the hold. A signal cuts the run short but the record is still written, marked terminated.
 *
 * <p>A warm cell diffuses the warm-up payload first, at its own instant, and the measured
 * payload's counters start at the publish instant; a cell with background load publishes the
 * node's share of it from its instant to the end of the hold and keeps it out of the measured
 * payload's numbers (docs/conditions.md §2, §3).
 */
public final class NodeDaemon {

    private final NodeSettings settings;
    private final LocalTopology topology;
    private final EventLog events;
    /**
     * The process's pairing of the wall clock, in nanoseconds since the epoch, with
     * {@link System#nanoTime()}. Paired at full precision: paired to the millisecond, every
     * instant derived from the schedule (the publish among them) came out up to 1 ms late, and
     * every completion time up to 1 ms short.
     */
    private final long startEpochNanos = epochNanos(Instant.now());
    private final long startNanos = System.nanoTime();
    private final long startMs = startEpochNanos / 1_000_000;
    private final GossipCounters counters = new GossipCounters();
    private final List<NodeRecord.Snapshot> snapshots = new CopyOnWriteArrayList<>();
    private volatile long completedNanos = -1;
    private volatile long publishNanos;
    private volatile long warmupCompletedNanos = -1;
    private volatile long warmupNanos;
    /** The counters the measured payload's start from: zero in a cold cell, the publish instant's in a warm one. */
    private volatile CounterTotals baseline = CounterTotals.ZERO;
    private volatile long distinctAtBaseline;
    private volatile boolean terminated;
    private final Map<String, Object> lateness = new ConcurrentHashMap<>();
    /**
     * Writes the completion event: the arm reports completion on the router's thread, and the
     * event's JSON (slow the first time, on a starved CPU seconds) must not hold up forwarding.
     */
    private final ExecutorService reporter = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "completion-event");
        t.setDaemon(true);
        return t;
    });
    /** Lateness below this is scheduling noise, not worth a warning. */
    private static final long LATE_MS = 100;

    /** How long a node waits for the runner's epoch file: every JVM of a big local cell must start first. */
    private static final Duration EPOCH_WAIT = Duration.ofMinutes(10);

    public NodeDaemon(NodeSettings settings, LocalTopology topology, EventLog events) {
        this.settings = settings;
        this.topology = topology;
        this.events = events;
    }

    /** Marks the run as cut short; the thread running {@link #run()} is interrupted by the caller. */
    public void terminate() {
        terminated = true;
    }

    /** Runs the whole schedule and returns the record, also when interrupted by a signal. */
    public NodeRecord run() throws IOException {
        NodeParts node = assemble();
        RunState state = new RunState(settings.schedule());
        ScheduledExecutorService sampler = daemonScheduler("snapshots");
        ScheduledExecutorService backgroundSender = node.background() == null ? null : daemonScheduler("background");
        try {
            listen(node, state);
            awaitEpoch(state);
            // Opened from the schedule, not when this thread reaches the publish phase: a receiver
            // still stopping its JIT warm-up then would miss a first copy that came at once. A
            // millisecond early, for the pairing of the two clocks; the warm-up is seconds before.
            node.timeline().startAt(nanosAt(state.schedule.publishMs()) - TimeUnit.MILLISECONDS.toNanos(1));
            dial(node.host(), state.schedule);
            subscribe(node, state, backgroundSender);
            if (settings.warmup() != null) warmUp(node, state);
            publish(node, state, sampler);
            hold(node, state);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            terminated = true;
        } catch (Exception e) {
            events.emit("error", "what", String.valueOf(e.getMessage()));
            terminated = true;
        } finally {
            sampler.shutdownNow();
            if (backgroundSender != null) backgroundSender.shutdownNow();
            finishReporting();
            if (state.jit != null && state.warmedUp == null) state.warmedUp = stopWarmup(state.jit, "the end of the run");
        }
        NodeRecord record = record(node, state);
        if (state.router != null) state.router.close();
        node.host().close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
        return record;
    }

    /** The node's parts, built before anything touches the network. */
    private record NodeParts(Host host, ArmNode arm, GossipConfig config, boolean publisher,
                             BackgroundTraffic background, PeerSends sends, TimelineRecorder timeline,
                             GossipRouter.Builder router) {}

    private NodeParts assemble() {
        int index = settings.index();
        boolean publisher = index == topology.publisher();
        WarmupPlan warmupPlan = settings.warmup();
        ArmNode arm = settings.arm().instantiate(new ArmContext(index, publisher, settings.payloadBytes(),
                topology.seed(), topology.n(), warmupPlan != null));
        GossipConfig config = arm.config(seeded(settings.gossip(), index));
        Host host = new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT, List.of(transport()));
        host.admitOnly(neighbours()::contains);
        // Identify also binds inbound QUIC connections whose TLS could not authenticate the dialer (Kwik).
        new IdentifyService(host, AgentVersion.GSNODE);
        new PingService(host);
        BackgroundTraffic background = settings.background() == null ? null
                : new BackgroundTraffic(settings.background(),
                        settings.background().sameTopic() ? arm.topics().get(0) : BackgroundLoad.TOPIC, index);
        PeerSends sends = warmupPlan == null ? null : new PeerSends();
        TimelineRecorder timeline = new TimelineRecorder(new HashSet<>(arm.topics()));
        List<RouterTracer> tracers = new ArrayList<>(List.of(counters, timeline));
        if (background != null) tracers.add(background);
        if (sends != null) tracers.add(sends);
        GossipRouter.Builder builder = GossipRouter.builder(host).config(config)
                .tracer(RouterTracer.all(tracers.toArray(RouterTracer[]::new)));
        arm.install(builder);
        if (background != null) builder.validator(background.around(builder.validator()));
        return new NodeParts(host, arm, config, publisher, background, sends, timeline, builder);
    }

    private void listen(NodeParts node, RunState state) throws Exception {
        int index = settings.index();
        node.host().listen(listenAddr(index)).get(10, TimeUnit.SECONDS);
        state.router = node.router().start();
        events.emit("listening", "index", index, "addr", listenAddr(index).toString());
        if (settings.jitWarmup()) state.jit = JitWarmup.start(settings.arm(), settings.payloadBytes(), settings.gossip());
    }

    private void awaitEpoch(RunState state) throws IOException, InterruptedException {
        if (settings.epochFile() != null) {
            state.schedule = state.schedule.withEpoch(Schedule.awaitEpochFile(settings.epochFile(), EPOCH_WAIT));
        } else if (settings.epochUrl() != null) {
            state.schedule = state.schedule.withEpoch(EpochClient.awaitEpoch(settings.epochUrl(), settings.index(), EPOCH_WAIT));
        }
    }

    /** Dials the edges this node owns at the dial instant, until the subscribe instant at the latest. */
    private void dial(Host host, Schedule s) throws InterruptedException {
        // Peers known by name are resolved before the dial instant, so that the lookups do not delay it.
        List<Multiaddr> targets = new ArrayList<>();
        int unresolved = 0;
        for (int peer : topology.dials()) {
            try {
                targets.add(peerAddr(peer).withPeerId(peerId(peer)));
            } catch (IOException e) {
                unresolved++;
                events.emit("warning", "what", "node " + peer + ": " + e.getMessage());
            }
        }
        Schedule.sleepUntil(s.dialMs());
        long dialDeadline = System.nanoTime() + Math.max(settings.dialTimeout().toNanos(),
                TimeUnit.MILLISECONDS.toNanos(s.subscribeMs() - System.currentTimeMillis()));
        List<Multiaddr> failed = new EdgeDialer(host, settings.dialSlots(), what -> events.emit("warning", "what", what))
                .dialAll(targets, dialDeadline);
        events.emit("dialed", "owned", targets.size() + unresolved, "failed", failed.size() + unresolved,
                "connections", host.connections().size());
    }

    private void subscribe(NodeParts node, RunState state, ScheduledExecutorService backgroundSender) throws InterruptedException {
        Schedule s = state.schedule;
        Schedule.sleepUntil(s.subscribeMs());
        noteLateness("subscribe", s.subscribeMs());
        node.arm().join(state.router, this::completedAt);
        BackgroundTraffic background = node.background();
        boolean ownTopic = background != null && !settings.background().sameTopic();
        if (ownTopic) state.router.subscribe(background.topic(), d -> {}).join();
        events.emit("subscribed", "topics", node.arm().topics().size() + (ownTopic ? 1 : 0));
        if (background != null) {
            background.start(state.router, backgroundSender, s.epochMs() + settings.background().fromMs(), s.endMs());
        }
    }

    /** A warm cell's warm-up diffusion, published at its own instant. */
    private void warmUp(NodeParts node, RunState state) throws InterruptedException {
        long warmupMs = state.schedule.epochMs() + settings.warmup().atMs();
        Schedule.sleepUntil(warmupMs);
        // The JIT warm-up ends where the network's begins: its CPU must not slow the warm-up diffusion.
        if (state.jit != null) state.warmedUp = stopWarmup(state.jit, "the warm-up instant");
        noteLateness("warmup", warmupMs);
        warmupNanos = nanosAt(warmupMs);
        state.atWarmup = CounterTotals.read(node.host(), counters, node.background());
        state.sentAtWarmup = node.sends().totals();
        if (node.publisher()) events.emit("warmup_published", "messages", node.arm().publish(state.router, Diffusion.WARMUP));
    }

    private void publish(NodeParts node, RunState state, ScheduledExecutorService sampler) throws InterruptedException {
        Host host = node.host();
        ArmNode arm = node.arm();
        long publishMs = state.schedule.publishMs();
        Schedule.sleepUntil(publishMs);
        if (state.jit != null && state.warmedUp == null) state.warmedUp = stopWarmup(state.jit, "the publish instant");
        noteLateness("publish", publishMs);
        publishNanos = nanosAt(publishMs);
        // Asked before the publish, answered on each connection's loop ahead of the publish's writes.
        state.cwnd = CongestionReadings.ask(host.connections(), settings.transport() == Transport.TCP && !underShadow());
        state.atPublish = CounterTotals.read(host, counters, node.background());
        if (settings.warmup() != null) {
            state.warmupSent = PeerSends.between(state.sentAtWarmup, node.sends().totals());
            distinctAtBaseline = arm.distinct(state.atPublish.msgsWithoutBackground().received());
            baseline = state.atPublish;
        }
        state.meshAtPublish = distinctMeshPeers(state.router, arm.topics());
        state.peersAtPublish = host.connections().size();
        state.cpuAtPublish = ProcessMetrics.cpuNanos();
        sampler.scheduleAtFixedRate(() -> snapshot(host, arm, node.background()), 0, 100, TimeUnit.MILLISECONDS);
        if (node.publisher()) {
            events.emit("published", "messages", arm.publish(state.router, Diffusion.MEASURED));
        }
    }

    private void hold(NodeParts node, RunState state) throws InterruptedException {
        Schedule.sleepUntil(state.schedule.endMs());
        state.meshAtEnd = distinctMeshPeers(state.router, node.arm().topics());
    }

    private static ScheduledExecutorService daemonScheduler(String name) {
        return Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    private boolean underShadow() {
        return "shadow".equals(settings.backend());
    }

    /** {@link System#nanoTime()} at the epoch millisecond {@code epochMs}, on the process's own pairing of the two clocks. */
    private long nanosAt(long epochMs) {
        return startNanos + (TimeUnit.MILLISECONDS.toNanos(epochMs) - startEpochNanos);
    }

    private static long epochNanos(Instant at) {
        return TimeUnit.SECONDS.toNanos(at.getEpochSecond()) + at.getNano();
    }

    /**
     * The warm-up's block: its completion from the warm-up instant, the quiet left before the
     * publish, and the counters of the stretch between the two instants (null where the run was
     * cut short before them).
     */
    private NodeRecord.Warmup warmupOutcome(WarmupPlan plan, boolean publisher, CounterTotals atWarmup, CounterTotals atPublish) {
        boolean completed = !publisher && warmupCompletedNanos >= 0;
        Double completionMs = completed ? (warmupCompletedNanos - warmupNanos) / 1e6 : null;
        Double quietMs = completed && publishNanos != 0 ? (publishNanos - warmupCompletedNanos) / 1e6 : null;
        boolean late = !publisher && (quietMs == null || quietMs < plan.gapMs());
        CounterTotals stretch = atWarmup == null || atPublish == null ? null : atPublish.since(atWarmup);
        return new NodeRecord.Warmup(plan.atMs(), plan.gapMs(), completed, completionMs, quietMs, late,
                stretch == null ? null : stretch.withoutBackground(),
                stretch == null ? 0 : stretch.msgsWithoutBackground().received(),
                stretch == null ? 0 : stretch.msgsWithoutBackground().duplicates());
    }

    private static NodeRecord.Background backgroundOutcome(BackgroundTraffic background, CounterTotals atPublish, CounterTotals atEnd) {
        BackgroundTraffic.Counts all = atEnd.background();
        BackgroundTraffic.Counts after = atPublish == null ? BackgroundTraffic.Counts.ZERO : all.minus(atPublish.background());
        BackgroundLoad load = background.load();
        return new NodeRecord.Background(background.topic(), load.spec(), load.fromMs(), load.sends(background.index()),
                all.published(), all.delivered(), all.duplicates(), all.rxData(), all.txData(), after.delivered(),
                after.duplicates(), after.rxData(), after.txData(), background.refused());
    }

    /**
     * Ends the JIT warm-up by {@code when} (the publish instant, or a warm cell's warm-up instant, at
     * the latest); a warm-up still running then is noted in the events.
     */
    private NodeRecord.JitWarmup stopWarmup(JitWarmup warmup, String when) {
        try {
            NodeRecord.JitWarmup done = warmup.stop();
            if (done.stopped()) {
                events.emit("warning", "what", "JIT warm-up stopped at " + when + " after " + done.rounds() + " rounds");
            }
            return done;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * A node that reaches an instant late (its dials took longer than the schedule allowed, or
     * the host is overloaded) says so, and the record keeps it: a late subscribe or publish
     * changes what the cell measures.
     */
    private void noteLateness(String instant, long dueMs) {
        long late = System.currentTimeMillis() - dueMs;
        if (late > LATE_MS) {
            lateness.put(instant + "_late_ms", late);
            events.emit("warning", "what", instant + " instant reached " + late + " ms late");
        }
    }

    /** The arm completed a payload on this node at {@code nanos} (router or broadcaster thread); the first report counts. */
    private synchronized void completedAt(Diffusion diffusion, long nanos) {
        if (diffusion == Diffusion.WARMUP) {
            if (warmupCompletedNanos >= 0) return;
            warmupCompletedNanos = nanos;
            double ms = (nanos - warmupNanos) / 1e6;
            try {
                reporter.execute(() -> events.emit("warmup_completed", "ms", ms));
            } catch (RejectedExecutionException holdOver) {
                // After the hold: the record says it.
            }
            return;
        }
        if (completedNanos < 0) {
            completedNanos = nanos;
            double ms = (completedNanos - publishNanos) / 1e6;
            try {
                reporter.execute(() -> events.emit("completed", "ms", ms));
            } catch (RejectedExecutionException holdOver) {
                // Completed after the hold: the record, written next, is all that is left to say it.
            }
        }
    }

    /** Lets a pending completion event out before the events that follow the hold. */
    private void finishReporting() {
        reporter.shutdown();
        try {
            reporter.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void snapshot(Host host, ArmNode arm, BackgroundTraffic background) {
        CounterTotals now = CounterTotals.read(host, counters, background);
        NodeRecord.Bytes b = now.since(baseline).withoutBackground();
        long distinct = arm.distinct(now.msgsWithoutBackground().received()) - distinctAtBaseline;
        snapshots.add(new NodeRecord.Snapshot(
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - publishNanos), b.rx(), b.tx(),
                // Partial bytes are variant B's data (docs/arms.md §12.2); zero on every other arm.
                b.rxData() + b.rxPartial(), b.txData() + b.txPartial(),
                distinct, now.since(baseline).msgsWithoutBackground().duplicates()));
    }

    private static int distinctMeshPeers(GossipRouter router, List<String> topics) {
        Set<PeerId> peers = new HashSet<>();
        for (String t : topics) peers.addAll(router.meshPeers(t).join());
        return peers.size();
    }

    private TransportFactory transport() {
        return switch (settings.transport()) {
            case TCP -> ctx -> new TcpTransport(ctx, settings.tcp());
            case QUIC -> ctx -> new QuicTransport(ctx, settings.quic());
        };
    }

    private Multiaddr listenAddr(int index) {
        return addr(settings.addressing().listenIp(topology.ipOf(index)));
    }

    private Multiaddr peerAddr(int index) throws IOException, InterruptedException {
        return addr(settings.addressing().peerIp(index, topology.ipOf(index)));
    }

    private Multiaddr addr(String ip) {
        return settings.transport() == Transport.QUIC
                ? Multiaddr.parse("/ip4/" + ip + "/udp/" + settings.port() + "/quic-v1")
                : Multiaddr.parse("/ip4/" + ip + "/tcp/" + settings.port());
    }

    /**
     * The peers this node may hold connections with: its topology's neighbours. Another identity
     * that reaches it is refused and counted, so identities made up by one process cannot take its
     * connections and queues. (Cell keys are derived from the index: this bounds who connects, it
     * does not authenticate against someone who knows the derivation; docs/security.md.)
     */
    private Set<PeerId> neighbours() {
        Set<PeerId> out = new HashSet<>();
        for (int peer : topology.dials()) out.add(peerId(peer));
        for (int peer : topology.dialedBy()) out.add(peerId(peer));
        return out;
    }

    private static PeerId peerId(int index) {
        return PeerId.fromPubKey(Ed25519.fromIndex(index).publicKey());
    }

    /**
     * The router's shuffles draw from the cell's seed (docs/arms.md §5.9, the report's
     * {@code SEGMENT_DET_RAND=1}): two arms on one topology draw the same meshes. A seed given with
     * {@code --gossip seed=N} is kept.
     */
    private GossipConfig seeded(GossipConfig gossip, int index) {
        return gossip.seed() != null ? gossip : gossip.toBuilder().seed(CellKnobs.routerSeed(topology.seed(), index)).build();
    }

    /** The record phase: the end-of-run readings, then the record of everything the phases learned. */
    private NodeRecord record(NodeParts node, RunState state) {
        long cpuAtEnd = ProcessMetrics.cpuNanos();
        // Shadow emulates the process CPU clock and its readings are not CPU time (nor monotonic):
        // the record says unknown rather than print a number.
        boolean cpuKnown = state.cpuAtPublish >= 0 && cpuAtEnd >= state.cpuAtPublish && !underShadow();
        Long cpuMs = cpuKnown ? (cpuAtEnd - state.cpuAtPublish) / 1_000_000 : null;
        CounterTotals atEnd = CounterTotals.read(node.host(), counters, node.background());
        NodeRecord.Warmup warmup = settings.warmup() == null ? null
                : warmupOutcome(settings.warmup(), node.publisher(), state.atWarmup, state.atPublish);
        NodeRecord.Background background = node.background() == null ? null
                : backgroundOutcome(node.background(), state.atPublish, atEnd);
        NodeRecord.CongestionWindows cwnd = state.cwnd == null ? null : state.cwnd.gather(state.warmupSent);
        CounterTotals measured = atEnd.since(baseline);
        boolean publisher = node.publisher();
        boolean completed = !publisher && completedNanos >= 0;
        Map<String, Object> configMap = configMap(node.config(), state.schedule);
        Map<String, Object> extras = extras(node.arm());
        return new NodeRecord(NodeRecord.SCHEMA, identity(), settings.index(),
                peerId(settings.index()).toString(),
                publisher ? "publisher" : "receiver", terminated ? "terminated" : "complete", completed,
                completed ? (completedNanos - publishNanos) / 1e6 : null,
                node.arm().wireForm(), measured.withoutBackground(), measured.msgsWithoutBackground(),
                new NodeRecord.Mesh(orZero(state.meshAtPublish), orZero(state.peersAtPublish), orZero(state.meshAtEnd)),
                connections(node.host()),
                cpuMs, ProcessMetrics.peakRssBytes(), ProcessMetrics.pssBytes(), ProcessMetrics.threads(),
                state.warmedUp, warmup, background, cwnd,
                new NodeRecord.Times(startMs, state.schedule.publishMs(), System.currentTimeMillis()),
                List.copyOf(snapshots), publishNanos == 0 ? null : node.timeline().timeline(publishNanos), extras, configMap,
                Build.current());
    }

    private CellIdentity identity() {
        return new CellIdentity(settings.cell(), settings.backend(), settings.arm().name(), settings.arm().alias(),
                settings.transport().toString(), settings.transport() == Transport.QUIC ? settings.quic().engine() : null,
                NodeRecord.JAVA, settings.queue(), settings.delay(), topology.seed(), topology.n(), settings.payloadBytes(),
                topology.scenario().toString(), settings.run(), settings.condition());
    }

    private Map<String, Object> configMap(GossipConfig config, Schedule schedule) {
        Map<String, Object> configMap = new LinkedHashMap<>();
        configMap.put("gossipsub", config.asMap());
        configMap.put("transport", settings.transportSettings());
        configMap.put("arm_knobs", settings.arm().knobs());
        // Ordered maps: a record's keys keep one order from run to run, as every other map in it does.
        Map<String, Object> scheduleMap = new LinkedHashMap<>();
        scheduleMap.put("epoch_ms", schedule.epochMs());
        scheduleMap.put("dial_at_ms", schedule.dialAt().toMillis());
        scheduleMap.put("subscribe_at_ms", schedule.subscribeAt().toMillis());
        scheduleMap.put("publish_at_ms", schedule.publishAt().toMillis());
        scheduleMap.put("hold_ms", schedule.hold().toMillis());
        if (settings.warmup() != null) {
            scheduleMap.put("warmup_at_ms", settings.warmup().atMs());
            scheduleMap.put("warmup_gap_ms", settings.warmup().gapMs());
        }
        if (settings.background() != null) scheduleMap.put("background_from_ms", settings.background().fromMs());
        configMap.put("schedule", scheduleMap);
        // The topology's one setting its identity (n, seed, scenario) does not name; the go peer writes the same.
        configMap.put("topology", Map.of("degree", topology.degree()));
        Map<String, Object> jvmMap = new LinkedHashMap<>();
        jvmMap.put("version", Runtime.version().toString());
        jvmMap.put("flags", ManagementFactory.getRuntimeMXBean().getInputArguments());
        configMap.put("jvm", jvmMap);
        configMap.put("crypto", DataPathCrypto.process().describe());
        return configMap;
    }

    private Map<String, Object> extras(ArmNode arm) {
        Map<String, Object> extras = new LinkedHashMap<>(arm.extras());
        extras.putAll(lateness);
        if (!counters.rejected().isEmpty()) extras.put("rejected_by_reason", counters.rejected());
        extras.put("iwant_served", counters.iwantServed());
        extras.put("idontwant_suppressed", counters.idontwantSuppressed());
        extras.put("broken_promises", counters.brokenPromises());
        extras.put("timings", counters.timings());
        return extras;
    }

    private static NodeRecord.Connections connections(Host host) {
        Map<String, Long> refused = new LinkedHashMap<>();
        for (FailureKind kind : FailureKind.values()) refused.put(kind.wireName(), host.failureCount(kind));
        return new NodeRecord.Connections(host.acceptedConnections(), host.identifyBoundConnections(), refused);
    }

    private static int orZero(Integer v) {
        return v == null ? 0 : v;
    }

    /** Writes the record where the settings say: a file (atomically) or one line on stdout. */
    public void write(NodeRecord record) throws IOException {
        String line = RecordJson.line(record);
        if (settings.recordPath() == null) {
            synchronized (System.out) {
                System.out.println(line);
                System.out.flush();
            }
        } else {
            AtomicFiles.writeString(settings.recordPath(), line + "\n");
            events.emit("record", "path", settings.recordPath().toString(), "completed", record.completed());
        }
    }
}
