package io.gsnode.transport.quic;

import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** What the in-process QUIC host tests share: a loopback listener, and waiting for a condition. */
final class LoopbackQuic {

    private LoopbackQuic() {}

    /** Listens on a free loopback UDP port; returns the full address, {@code /p2p} included. */
    static Multiaddr listen(Host h) throws Exception {
        return h.listen(Multiaddr.parse("/ip4/127.0.0.1/udp/0/quic-v1")).get(10, TimeUnit.SECONDS).withPeerId(h.peerId());
    }

    /** Polls {@code condition} until it holds; fails after 20 s. */
    static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached within 20 s");
            Thread.sleep(10);
        }
    }
}
