package io.gsnode.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.ping.PingService;
import io.gsnode.transport.quic.kwik.KwikEngine;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A Kwik listener asks each inbound dialer who it is over identify (docs/quic.md §3). Dialers that
 * finish the QUIC handshake and then never answer hold a connection each until the handshake
 * timeout; the listener holds at most {@code maxPendingInboundPerAddress} of them from one address
 * and closes the rest at once, counted as limit failures, and a real dialer gets through once the
 * silent ones time out.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PendingIdentifyLimitTest {

    private static final int SILENT = 20;

    @Test
    void silentDialersBeyondThePerAddressBoundAreClosedAtOnce() throws Exception {
        ConnectionLimits limits = new ConnectionLimits(1024, 64, 8L << 20, Duration.ofSeconds(3), 256, 8);
        QuicConfig kwik = QuicConfig.DEFAULT.withEngine("kwik");
        Host listener = new Host(Ed25519.fromIndex(80), limits, List.of(ctx -> new QuicTransport(ctx, kwik)));
        new IdentifyService(listener, "pending-test");
        new PingService(listener);
        // Dials straight from an engine, with no host behind it: nobody answers identify.
        KwikEngine silent = new KwikEngine(Ed25519.fromIndex(81), kwik, limits);
        Host real = new Host(Ed25519.fromIndex(82), limits, List.of(ctx -> new QuicTransport(ctx, kwik)));
        new IdentifyService(real, "pending-test");
        try {
            // On 127.0.0.2, so that dialers (from 127.0.0.1) are not on the listener's own address,
            // which only the total bounds (PendingInbound).
            Multiaddr addr = listener.listen(Multiaddr.parse("/ip4/127.0.0.2/udp/0/quic-v1")).get(10, TimeUnit.SECONDS)
                    .withPeerId(listener.peerId());
            for (int i = 0; i < SILENT; i++) {
                // A dial the listener closes right after the handshake may fail here; it was counted there.
                silent.dial(addr.socketAddress(), listener.peerId()).handle((c, e) -> null).get(20, TimeUnit.SECONDS);
            }

            int held = limits.maxPendingInboundPerAddress();
            awaitCount(listener, FailureKind.LIMIT, SILENT - held);
            // The held ones fail identify at the handshake timeout: dialers that fell silent, a
            // transport failure (a malformed identify would be a security one).
            awaitCount(listener, FailureKind.TRANSPORT, held);
            assertEquals(0, listener.failureCount(FailureKind.SECURITY));
            assertEquals(SILENT - held, listener.failureCount(FailureKind.LIMIT));
            assertEquals(0, listener.acceptedConnections(), "no silent dialer reached the host");

            Connection c = real.dial(addr).get(20, TimeUnit.SECONDS);
            assertEquals(3, new PingService(real).ping(c, 3, rtt -> {}).get(20, TimeUnit.SECONDS).size());
            assertEquals(1, listener.identifyBoundConnections());
        } finally {
            real.close().get(10, TimeUnit.SECONDS);
            silent.close().get(10, TimeUnit.SECONDS);
            listener.close().get(10, TimeUnit.SECONDS);
        }
    }

    private static void awaitCount(Host host, FailureKind kind, long count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (host.failureCount(kind) < count) {
            assertTrue(System.nanoTime() < deadline, kind + " failures: " + host.failureCount(kind) + " of " + count);
            Thread.sleep(20);
        }
    }
}
