package io.gsnode.segmentation.testnet;

import io.gsnode.gossipsub.Delivery;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.trace.GossipCounters;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** One real router on a real host, with its counters and the messages it delivered. */
public final class RouterUnderTest implements AutoCloseable {

    public final Host host;
    public final Multiaddr addr;
    public final GossipCounters counters = new GossipCounters();
    public final List<Delivery> delivered = new CopyOnWriteArrayList<>();
    public final GossipRouter router;

    /** {@code customise} sets the config and hooks; the tracer is the counters. */
    public RouterUnderTest(int index, UnaryOperator<GossipRouter.Builder> customise) throws Exception {
        host = TestHosts.tcpHost(index);
        addr = TestHosts.listen(host);
        router = customise.apply(GossipRouter.builder(host).tracer(counters)).start();
    }

    public PeerId id() {
        return host.peerId();
    }

    /** Subscribes, recording deliveries and passing each to {@code also}. */
    public void subscribe(String topic, Consumer<Delivery> also) throws Exception {
        router.subscribe(topic, d -> {
            delivered.add(d);
            also.accept(d);
        }).get(5, TimeUnit.SECONDS);
    }

    public void subscribe(String topic) throws Exception {
        subscribe(topic, d -> {});
    }

    @Override
    public void close() {
        router.close();
        TestHosts.close(host);
    }
}
