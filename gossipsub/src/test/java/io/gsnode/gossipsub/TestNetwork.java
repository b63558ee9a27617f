package io.gsnode.gossipsub;

import io.gsnode.gossipsub.trace.GossipCounters;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.transport.tcp.TcpConfig;
import io.gsnode.transport.tcp.TcpTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/** In-process gossipsub nodes over real TCP + Noise + yamux on loopback, closed by {@link #close()}. */
final class TestNetwork implements AutoCloseable {

    /** One node: its host, router, counters and the messages delivered to it. */
    static final class Node {
        final int index;
        final Host host;
        final Multiaddr addr;
        final GossipCounters counters = new GossipCounters();
        final List<Delivery> delivered = new CopyOnWriteArrayList<>();
        final Map<String, List<String>> meshEvents = new ConcurrentHashMap<>();
        GossipRouter router;

        Node(int index, Host host, Multiaddr addr) {
            this.index = index;
            this.host = host;
            this.addr = addr;
        }

        void subscribe(String topic) throws Exception {
            router.subscribe(topic, delivered::add).get(5, TimeUnit.SECONDS);
        }

        long deliveredCount(MessageId id) {
            return delivered.stream().filter(d -> d.id().equals(id)).count();
        }
    }

    final List<Node> nodes = new ArrayList<>();

    /** Starts a node whose key comes from {@code index}; {@code customise} may set hooks and config. */
    Node add(int index, UnaryOperator<GossipRouter.Builder> customise) throws Exception {
        Host host = new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT,
                List.of(ctx -> new TcpTransport(ctx, TcpConfig.DEFAULT.withIoThreads(1))));
        Multiaddr addr = host.listen(Multiaddr.parse("/ip4/127.0.0.1/tcp/0")).get(10, TimeUnit.SECONDS)
                .withPeerId(host.peerId());
        Node node = new Node(index, host, addr);
        GossipRouter.Builder b = GossipRouter.builder(host).tracer(node.counters);
        node.router = customise.apply(b).start();
        nodes.add(node);
        return node;
    }

    Node add(int index, GossipConfig config) throws Exception {
        return add(index, b -> b.config(config));
    }

    void connect(Node dialer, Node listener) throws Exception {
        dialer.host.dial(listener.addr).get(10, TimeUnit.SECONDS);
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not reached within 20 s: " + what);
            Thread.sleep(10);
        }
    }

    static GossipConfig fastHeartbeat() {
        return new GossipConfig.Builder().heartbeatInterval(Duration.ofMillis(100)).build();
    }

    @Override
    public void close() {
        for (Node n : nodes) {
            n.router.close();
            n.host.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
        }
    }
}
