package io.gsnode.node.run;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.node.peer.AgentVersion;
import io.gsnode.segmentation.arm.Arm;
import io.gsnode.segmentation.arm.ArmContext;
import io.gsnode.segmentation.arm.ArmNode;
import io.gsnode.segmentation.arm.Diffusion;
import io.gsnode.transport.tcp.TcpConfig;
import io.gsnode.transport.tcp.TcpTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JIT warm-up a node runs in the idle time before its publish instant: the node's own arm
 * publishes its payload from one in-process node to another, round after round, over the TCP
 * transport's in-memory mode. Noise, yamux, multistream, the RPC codec, the router, message ids,
 * the segment codec and the arm's policies all run on synthetic hosts with their own keys, and
 * no byte touches a socket, so the cell's counters and the network see nothing of it.
 *
 * <p>Why: a node lives for one cell, and C1 compiles each hot method the first time the payload
 * flows through it. Without the warm-up those compilations land in the delivery window, on every
 * node at once, and the cell measures the JIT as much as the network. A QUIC node warms the same
 * layers above its transport; the QUIC engine itself stays cold (Netty's runs in native code).
 *
 * <p>It runs on its own thread, concurrently with the node's dials, and is stopped at the latest
 * at the publish instant: the record says how many rounds it completed, how long it ran and the
 * CPU the process spent meanwhile.
 */
final class JitWarmup {

    /** Enough rounds for the per-message paths to pass C1's compile thresholds; more rounds gain little. */
    static final int ROUNDS = 3;
    /**
     * The warm-up's payload is the node's up to this size: the byte loops compile as well on it,
     * and the heap and the allocator do not grow for a payload the cell will send anyway.
     */
    static final int MAX_PAYLOAD = 256 * 1024;
    /** The in-process meshes form at the first heartbeats of a 50 ms interval. */
    private static final Duration HEARTBEAT = Duration.ofMillis(50);
    private static final long ROUND_TIMEOUT_MS = 10_000;
    /** Synthetic identities far from any topology index, so no warm-up key is a cell's peer id. */
    private static final long KEY_BASE = 1L << 40;
    private static final Logger log = LoggerFactory.getLogger(JitWarmup.class);

    private final Arm arm;
    private final int payloadBytes;
    private final GossipConfig gossip;
    private final Thread thread;
    private volatile int rounds;
    private volatile boolean stopping;
    private volatile long endNanos;
    private volatile long cpuAtEnd = -1;
    private final long startNanos = System.nanoTime();
    private final long cpuAtStart = ProcessMetrics.cpuNanos();

    private JitWarmup(Arm arm, int payloadBytes, GossipConfig gossip) {
        this.arm = arm;
        this.payloadBytes = payloadBytes;
        this.gossip = gossip;
        this.thread = new Thread(this::runRounds, "warmup");
        this.thread.setDaemon(true);
    }

    /** Starts the warm-up of {@code arm} at {@code payloadBytes} with the node's gossipsub settings. */
    static JitWarmup start(Arm arm, int payloadBytes, GossipConfig gossip) {
        JitWarmup w = new JitWarmup(arm, Math.min(payloadBytes, MAX_PAYLOAD), gossip);
        w.thread.start();
        return w;
    }

    /** Runs the warm-up to the end on the calling thread (tests, and the class-data training run). */
    static NodeRecord.JitWarmup runToEnd(Arm arm, int payloadBytes, GossipConfig gossip) throws InterruptedException {
        JitWarmup w = new JitWarmup(arm, Math.min(payloadBytes, MAX_PAYLOAD), gossip);
        w.runRounds();
        return w.result();
    }

    /** Stops a warm-up still running (its round is abandoned) and returns what it did. */
    NodeRecord.JitWarmup stop() throws InterruptedException {
        if (thread.isAlive()) {
            stopping = true;
            thread.interrupt();
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
        return result();
    }

    private NodeRecord.JitWarmup result() {
        long end = endNanos == 0 ? System.nanoTime() : endNanos;
        long cpuEnd = cpuAtEnd < 0 ? ProcessMetrics.cpuNanos() : cpuAtEnd;
        // Null where the process CPU is unknown or not monotonic (Shadow emulates it).
        Long cpuMs = cpuAtStart < 0 || cpuEnd < cpuAtStart ? null : (cpuEnd - cpuAtStart) / 1_000_000;
        return new NodeRecord.JitWarmup(rounds, stopping, TimeUnit.NANOSECONDS.toMillis(end - startNanos), cpuMs);
    }

    private void runRounds() {
        try {
            for (int r = 0; r < ROUNDS && !stopping; r++) {
                if (!oneRound(r)) {
                    log.warn("JIT warm-up: round {} did not complete within {} ms; the node goes on without the rest", r, ROUND_TIMEOUT_MS);
                    break;
                }
                rounds = r + 1;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // A failed warm-up costs the node nothing but speed: the record shows the rounds it finished.
            if (!stopping) log.warn("JIT warm-up failed after {} rounds: {}", rounds, e.toString());
        } finally {
            // The rounds' payload copies grew the heap; a full collection gives it back before the cell starts.
            System.gc();
            endNanos = System.nanoTime();
            cpuAtEnd = ProcessMetrics.cpuNanos();
        }
    }

    /** One publish from a fresh publisher to a fresh receiver; true when the receiver completed. */
    private boolean oneRound(int round) throws Exception {
        List<Host> hosts = new ArrayList<>();
        List<GossipRouter> routers = new ArrayList<>();
        try {
            List<ArmNode> nodes = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                ArmNode node = arm.instantiate(new ArmContext(i, i == 0, payloadBytes, round, 2));
                Host host = new Host(Ed25519.fromIndex(KEY_BASE + 2L * round + i), ConnectionLimits.DEFAULT,
                        List.of(ctx -> new TcpTransport(ctx, TcpConfig.DEFAULT.withIoThreads(1).withInMemory())));
                new IdentifyService(host, AgentVersion.GSNODE);
                GossipConfig config = node.config(gossip.toBuilder().heartbeatInterval(HEARTBEAT).seed(round * 2L + i).build());
                GossipRouter.Builder builder = GossipRouter.builder(host).config(config);
                node.install(builder);
                hosts.add(host);
                routers.add(builder.start());
                nodes.add(node);
            }
            Multiaddr addr = Multiaddr.parse("/ip4/127.0.0.1/tcp/" + (round + 1));
            hosts.get(1).listen(addr).get(ROUND_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            hosts.get(0).dial(addr.withPeerId(hosts.get(1).peerId())).get(ROUND_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            CountDownLatch completed = new CountDownLatch(1);
            nodes.get(0).join(routers.get(0), (d, at) -> { });
            nodes.get(1).join(routers.get(1), (d, at) -> completed.countDown());
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ROUND_TIMEOUT_MS);
            for (String topic : nodes.get(0).topics()) {
                while (routers.get(0).meshPeers(topic).join().isEmpty()) {
                    if (System.nanoTime() > deadline) return false;
                    Thread.sleep(HEARTBEAT.toMillis() / 2);
                }
            }
            nodes.get(0).publish(routers.get(0), Diffusion.MEASURED);
            return completed.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        } finally {
            close(routers, hosts);
        }
    }

    /**
     * Connections first, both ends, then the hosts: an in-memory channel closes its peer on the
     * peer's event loop, which must still be running then.
     */
    private static void close(List<GossipRouter> routers, List<Host> hosts) {
        for (GossipRouter r : routers) r.close();
        List<CompletableFuture<Void>> closed = new ArrayList<>();
        for (Host h : hosts) {
            for (Connection c : h.connections()) {
                c.close();
                closed.add(c.closeFuture());
            }
        }
        CompletableFuture.allOf(closed.toArray(CompletableFuture[]::new)).orTimeout(5, TimeUnit.SECONDS)
                .exceptionally(e -> null).join();
        for (Host h : hosts) h.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
    }
}
