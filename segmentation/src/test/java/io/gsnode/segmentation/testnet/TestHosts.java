package io.gsnode.segmentation.testnet;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.transport.tcp.TcpConfig;
import io.gsnode.transport.tcp.TcpTransport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Hosts over real TCP + Noise + yamux on loopback, keyed by index, and a bounded wait. */
public final class TestHosts {

    /** Every wait in these tests is bounded by this; a condition that is not coming fails with its name. */
    public static final Duration WAIT = Duration.ofSeconds(20);

    private TestHosts() {}

    /** A host whose identity is derived from {@code index} (so peer ids are stable across runs). */
    public static Host tcpHost(int index) {
        return new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT,
                List.of(ctx -> new TcpTransport(ctx, TcpConfig.DEFAULT.withIoThreads(1))));
    }

    /** Listens on an ephemeral loopback port; the address carries the peer id. */
    public static Multiaddr listen(Host host) throws Exception {
        return host.listen(Multiaddr.parse("/ip4/127.0.0.1/tcp/0")).get(10, TimeUnit.SECONDS).withPeerId(host.peerId());
    }

    /** Polls {@code condition} until true, failing with {@code what} after {@link #WAIT}. */
    public static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) throw new AssertionError("not reached within " + WAIT + ": " + what);
            Thread.sleep(5); // polling interval of a bounded wait, not a synchronisation
        }
    }

    public static void close(Host host) {
        host.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
    }
}
