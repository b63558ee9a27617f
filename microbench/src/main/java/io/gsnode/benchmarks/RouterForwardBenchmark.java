package io.gsnode.benchmarks;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.transport.tcp.TcpConfig;
import io.gsnode.transport.tcp.TcpTransport;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Messages per second one router sends to its 8 mesh peers, end to end: plan, encode once,
 * queue per peer, yamux and Noise on real loopback TCP, until all 8 peers delivered every message.
 * The 8 receiving routers run in the same JVM and share its 2 cores, so this is the stack's
 * throughput on this host, not the router's alone; bytes allocated (-prof gc) cover every node.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(RouterForwardBenchmark.BATCH)
public class RouterForwardBenchmark extends AbstractMicrobenchmark {

    static final int BATCH = 200;
    private static final int PEERS = 8;
    private static final String TOPIC = "bench";

    @Param({"1024", "32768"})
    public int size;

    private final List<Host> hosts = new ArrayList<>();
    private final List<GossipRouter> routers = new ArrayList<>();
    private final AtomicLong delivered = new AtomicLong();
    private GossipRouter publisher;
    private long sequence;

    @Setup(Level.Trial)
    public void network() throws Exception {
        GossipConfig config = GossipConfig.DEFAULT;
        Host pub = host(0);
        publisher = GossipRouter.builder(pub).config(config).start();
        routers.add(publisher);
        for (int i = 1; i <= PEERS; i++) {
            Host sink = host(i);
            Multiaddr addr = sink.listen(Multiaddr.parse("/ip4/127.0.0.1/tcp/0")).get(10, TimeUnit.SECONDS).withPeerId(sink.peerId());
            GossipRouter r = GossipRouter.builder(sink).config(config).start();
            r.subscribe(TOPIC, d -> delivered.incrementAndGet()).get(10, TimeUnit.SECONDS);
            routers.add(r);
            pub.dial(addr).get(10, TimeUnit.SECONDS);
        }
        publisher.subscribe(TOPIC, d -> { }).get(10, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (publisher.meshPeers(TOPIC).get().size() < PEERS) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("mesh of 8 did not form");
            Thread.sleep(50);
        }
    }

    private Host host(int index) {
        Host h = new Host(Ed25519.fromIndex(1000 + index), ConnectionLimits.DEFAULT,
                List.of(ctx -> new TcpTransport(ctx, TcpConfig.DEFAULT.withIoThreads(1))));
        hosts.add(h);
        return h;
    }

    @Benchmark
    public long forwardToEightPeers() {
        long target = delivered.get() + (long) PEERS * BATCH;
        for (int i = 0; i < BATCH; i++) {
            byte[] data = new byte[size];
            ByteBuffer.wrap(data).putLong(sequence++); // distinct data, distinct ids
            publisher.publish(TOPIC, data);
        }
        while (delivered.get() < target) LockSupport.parkNanos(20_000);
        return delivered.get();
    }

    @TearDown(Level.Trial)
    public void close() {
        for (GossipRouter r : routers) r.close();
        for (Host h : hosts) h.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
    }
}
