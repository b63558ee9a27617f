package io.gsnode.node.peer;

import io.gsnode.gossipsub.Delivery;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.PublishResult;
import io.gsnode.gossipsub.trace.GossipCounters;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.libp2p.connection.Causes;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.peer.PeerId;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The gossipsub side of {@code gsnode peer}: joins topics, publishes on a fixed schedule and
 * reports messages, publishes, mesh changes and counters as events (interop/PEER-PROTOCOL.md).
 */
final class PeerGossip {

    private final EventLog events;
    private final GossipCounters counters = new GossipCounters();
    private final GossipRouter router;
    private final SecureRandom random = new SecureRandom();

    PeerGossip(Host host, GossipConfig config, EventLog events) {
        this.events = events;
        this.router = GossipRouter.builder(host).config(config)
                .tracer(RouterTracer.all(counters, new MeshReporter())).start();
    }

    void subscribe(String topic) {
        router.subscribe(topic, this::delivered).join();
    }

    /**
     * Publishes on the schedule, counting from {@code startNanos}; returns false if a publish
     * failed or {@code interrupted} came first (each failure is reported as an error event).
     */
    boolean publish(PublishSchedule s, long startNanos, CountDownLatch interrupted) throws InterruptedException {
        boolean ok = true;
        for (int i = 0; i < s.count(); i++) {
            long due = startNanos + TimeUnit.MILLISECONDS.toNanos(s.afterMs() + i * s.intervalMs());
            long wait = due - System.nanoTime();
            if (wait > 0 && interrupted.await(wait, TimeUnit.NANOSECONDS)) {
                events.emit("error", "what", "publish " + (i + 1) + " of " + s.count() + " on " + s.topic() + ": interrupted");
                return false;
            }
            byte[] data = new byte[s.size()];
            random.nextBytes(data);
            double t = nowMs();
            try {
                PublishResult r = router.publish(s.topic(), data).join();
                events.emit("published", "topic", s.topic(), "id", r.id().hex(), "size", s.size(),
                        "recipients", r.pushed() + r.announced(), "t_ms", t);
            } catch (RuntimeException e) {
                events.emit("error", "what", "publish " + (i + 1) + " of " + s.count() + " on " + s.topic() + ": "
                        + Causes.message(e));
                ok = false;
            }
        }
        return ok;
    }

    /** Prints the counters; call once, before {@code done}. */
    void reportCounters() {
        events.emit("gossip_counters", "sent", counters.sent().asMap(), "received", counters.received().asMap(),
                "duplicates", counters.duplicates(), "idontwant_suppressed", counters.idontwantSuppressed(),
                "iwant_served", counters.iwantServed(), "queue_drops", counters.queueDrops(),
                "malformed", counters.malformed(), "rejected", counters.rejected());
    }

    void close() {
        router.close();
    }

    private void delivered(Delivery d) {
        events.emit("message", "topic", d.topic(), "id", d.id().hex(), "from", d.from().toString(),
                "size", d.data().length, "t_ms", nowMs());
    }

    private static double nowMs() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1000.0 + now.getNano() / 1e6;
    }

    /** Keeps each topic's mesh as the router changes it, and prints it on every change. */
    private final class MeshReporter implements RouterTracer {
        private final Map<String, TreeSet<PeerId>> meshes = new HashMap<>();

        @Override
        public void meshAdded(String topic, PeerId peer) {
            if (meshes.computeIfAbsent(topic, t -> new TreeSet<>()).add(peer)) print(topic);
        }

        @Override
        public void meshRemoved(String topic, PeerId peer) {
            TreeSet<PeerId> m = meshes.get(topic);
            if (m != null && m.remove(peer)) print(topic);
        }

        private void print(String topic) {
            List<String> peers = new ArrayList<>();
            for (PeerId p : meshes.get(topic)) peers.add(p.toString());
            events.emit("mesh", "topic", topic, "peers", peers);
        }
    }
}
