package io.gsnode.harness;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.TopicOptions;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Runs a harness script on one host, in order, as go's node does: a connect dials its targets one
 * after the other, a waitUntil sleeps (the router keeps running), a publish waits out its topic's
 * validation delay first (go validates its own publishes too). Diagnostics go to {@code warn}, never
 * to the harness's stdout.
 */
final class ScriptedNode implements AutoCloseable {

    /** The harness's listening port on every node. */
    static final int PORT = 9000;

    /**
     * How long a refused dial is retried. go's node gives up at once, but a JVM peer listens a few
     * simulated milliseconds after a go one, and a cell should not fail on that race.
     */
    static final Duration DIAL_RETRY = Duration.ofSeconds(10);
    private static final Duration DIAL_PAUSE = Duration.ofMillis(100);

    private final int nodeId;
    private final Host host;
    private final HarnessLog out;
    private final long startMillis;
    private final Consumer<String> warn;
    private final Map<String, Duration> validationDelays = new ConcurrentHashMap<>();
    private final Set<String> joined = new HashSet<>();
    private GossipRouter router;
    private HarnessPartialMessages partial;

    /**
     * @param startMillis the process's start, wall clock: what waitUntil counts from
     */
    ScriptedNode(int nodeId, Host host, HarnessLog out, long startMillis, Consumer<String> warn) {
        this.nodeId = nodeId;
        this.host = host;
        this.out = out;
        this.startMillis = startMillis;
        this.warn = warn;
    }

    /**
     * Runs {@code script}. {@code listen} runs once, just before the first instruction that can
     * reach a peer: the router must exist before any peer can identify us, since a go peer only
     * talks gossipsub to peers whose identify lists it, and our identify has no push to correct it.
     */
    void run(List<Instruction> script, Runnable listen) throws Exception {
        boolean listening = false;
        for (Instruction i : script) {
            if (!listening && needsNetwork(i)) {
                listen.run();
                listening = true;
            }
            run(i);
        }
        if (!listening) listen.run();
    }

    private boolean needsNetwork(Instruction i) {
        if (i instanceof Instruction.InitGossipSub || i instanceof Instruction.SetTopicValidationDelay) return false;
        if (i instanceof Instruction.IfNodeIdEquals x) return x.nodeId() == nodeId && needsNetwork(x.instruction());
        return true;
    }

    private void run(Instruction instruction) throws Exception {
        if (instruction instanceof Instruction.InitGossipSub i) {
            initGossipSub(GoGossipParams.toConfig(i.gossipSubParams(), warn));
        } else if (instruction instanceof Instruction.IfNodeIdEquals i) {
            if (i.nodeId() == nodeId) run(i.instruction());
        } else if (instruction instanceof Instruction.Connect i) {
            for (int target : i.connectTo()) connect(target);
            warn.accept("node " + nodeId + " connected to " + host.connections().size() + " peers");
        } else if (instruction instanceof Instruction.SubscribeToTopic i) {
            router("subscribeToTopic").subscribe(i.topicId(), i.partial() ? TopicOptions.REQUEST_PARTIAL : TopicOptions.FULL_MESSAGES,
                    d -> {}).get();
            joined.add(i.topicId());
        } else if (instruction instanceof Instruction.SetTopicValidationDelay i) {
            validationDelays.put(i.topicId(), Duration.ofNanos(Math.round(i.delaySeconds() * 1e9)));
        } else if (instruction instanceof Instruction.WaitUntil i) {
            long wait = startMillis + TimeUnit.SECONDS.toMillis(i.elapsedSeconds()) - System.currentTimeMillis();
            if (wait > 0) Thread.sleep(wait);
        } else if (instruction instanceof Instruction.Publish i) {
            GossipRouter r = router("publish");
            Duration validation = validationDelays.getOrDefault(i.topicId(), Duration.ZERO);
            if (!validation.isZero()) Thread.sleep(validation.toMillis(), validation.toNanosPart() % 1_000_000);
            r.publish(i.topicId(), HarnessMessages.payload(i.messageId(), i.messageSizeBytes())).get();
        } else if (instruction instanceof Instruction.AddPartialMessage i) {
            router("addPartialMessage").call(() -> {
                partial.add(i.topicId(), i.groupId(), i.parts());
                return null;
            }).get();
        } else if (instruction instanceof Instruction.PublishPartial i) {
            List<PeerId> only = null;
            if (!i.publishToNodeIds().isEmpty()) {
                only = new ArrayList<>();
                for (int id : i.publishToNodeIds()) only.add(peerIdOf(id));
            }
            List<PeerId> targets = only;
            GossipRouter r = router("publishPartial");
            // A publisher outside the topic (the harness's fanout scenario) must still hear what its peers lack.
            if (!joined.contains(i.topicId())) r.sendPartialWithoutJoining(i.topicId()).get();
            r.call(() -> {
                partial.publish(i.topicId(), i.groupId(), targets);
                return null;
            }).get();
        } else {
            throw new IllegalStateException("no rule for " + instruction);
        }
    }

    private void initGossipSub(GossipConfig config) {
        if (router != null) throw new IllegalStateException("initGossipSub ran twice on node " + nodeId);
        partial = new HarnessPartialMessages(out);
        router = GossipRouter.builder(host).config(config).messageIds(HarnessMessages.FIRST_8_BYTES)
                .validationDelay(topic -> validationDelays.getOrDefault(topic, Duration.ZERO))
                .tracer(new ReceivedLines(out)).extension(partial.extension()).start();
    }

    private GossipRouter router(String instruction) {
        if (router == null) throw new IllegalStateException(instruction + " before initGossipSub on node " + nodeId);
        return router;
    }

    /** Dials {@code node<target>} at the address the host table gives it, retrying refusals for {@link #DIAL_RETRY}. */
    private void connect(int target) throws InterruptedException {
        String name = NodeName.of(target);
        long deadline = System.nanoTime() + DIAL_RETRY.toNanos();
        while (true) {
            try {
                InetAddress ip = InetAddress.getByName(name);
                Multiaddr addr = Multiaddr.parse("/ip4/" + ip.getHostAddress() + "/tcp/" + PORT).withPeerId(peerIdOf(target));
                host.dial(addr).get(DIAL_RETRY.toSeconds(), TimeUnit.SECONDS);
                return;
            } catch (UnknownHostException | ExecutionException | TimeoutException e) {
                if (System.nanoTime() - deadline >= 0) {
                    Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
                    throw new IllegalStateException("connect to " + name + " failed: " + cause.getMessage(), cause);
                }
                Thread.sleep(DIAL_PAUSE.toMillis());
            }
        }
    }

    /** The peer id of harness node {@code id}: its key's seed is the id, little-endian, then zeros. */
    static PeerId peerIdOf(int id) {
        return PeerId.fromPubKey(Ed25519.fromIndex(id).publicKey());
    }

    @Override
    public void close() {
        if (router != null) router.close();
    }
}
