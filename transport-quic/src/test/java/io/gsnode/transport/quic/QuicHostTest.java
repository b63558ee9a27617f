package io.gsnode.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.DialException;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.libp2p.ping.PingService;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** In-process hosts over QUIC on the Kwik engine. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class QuicHostTest {

    private final List<Host> hosts = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (Host h : hosts) h.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void dialerAuthenticatesTheListenerWhichBindsTheDialerThroughIdentify() throws Exception {
        Host listener = host(1);
        Host dialer = host(2);
        Multiaddr addr = listen(listener);
        Connection out = dialer.dial(addr).get(20, TimeUnit.SECONDS);
        assertEquals(listener.peerId(), out.remotePeer());
        assertTrue(out.authenticated(), "the dialer verified the listener's libp2p certificate");
        assertEquals("tls", out.security());
        assertEquals("quic", out.muxer());

        await(() -> listener.connection(dialer.peerId()) != null);
        Connection in = listener.connection(dialer.peerId());
        assertEquals(Direction.INBOUND, in.direction());
        assertFalse(in.authenticated(), "Kwik's server cannot ask for the dialer's certificate");
        assertEquals(null, in.remotePublicKey(), "an unauthenticated connection vouches for no key");

        assertEquals(10, new PingService(dialer).ping(out, 10, rtt -> {}).get(20, TimeUnit.SECONDS).size());
        assertEquals(10, new PingService(listener).ping(in, 10, rtt -> {}).get(20, TimeUnit.SECONDS).size(),
                "streams work in both directions");
    }

    @Test
    void dialingTheWrongPeerIdIsRefusedAsASecurityFailure() throws Exception {
        Host listener = host(3);
        Host dialer = host(4);
        Multiaddr addr = listen(listener);
        PeerId someoneElse = PeerId.fromPubKey(Ed25519.fromIndex(99).publicKey());
        CompletionException e = assertThrows(CompletionException.class,
                () -> dialer.dial(addr.withoutPeerId().withPeerId(someoneElse)).join());
        assertTrue(e.getCause() instanceof DialException, e.toString());
        assertTrue(e.getCause().getMessage().contains(someoneElse.toString()), e.getCause().getMessage());
        assertEquals(1, dialer.failureCount(FailureKind.SECURITY));
    }

    @Test
    void garbageDatagramsDoNotDisturbEstablishedConnections() throws Exception {
        Host listener = host(5);
        Host dialer = host(6);
        Multiaddr addr = listen(listener);
        Connection c = dialer.dial(addr).get(20, TimeUnit.SECONDS);
        PingService pings = new PingService(dialer);
        assertEquals(3, pings.ping(c, 3, rtt -> {}).get(20, TimeUnit.SECONDS).size());

        Random random = new Random(42);
        try (DatagramSocket junk = new DatagramSocket()) {
            for (int i = 0; i < 2000; i++) {
                byte[] payload = new byte[1 + random.nextInt(1400)];
                random.nextBytes(payload);
                // Some look like QUIC long headers (first bit set), most do not.
                if (i % 3 == 0) payload[0] |= (byte) 0xC0;
                junk.send(new DatagramPacket(payload, payload.length, addr.socketAddress()));
            }
        }
        assertEquals(10, pings.ping(c, 10, rtt -> {}).get(20, TimeUnit.SECONDS).size(), "the old connection still works");
        Host late = host(7);
        Connection fresh = late.dial(addr).get(20, TimeUnit.SECONDS);
        assertEquals(3, new PingService(late).ping(fresh, 3, rtt -> {}).get(20, TimeUnit.SECONDS).size(),
                "the listener still accepts");
    }

    private Host host(long index) {
        Host h = new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT,
                List.of(ctx -> new QuicTransport(ctx, QuicConfig.DEFAULT)));
        new PingService(h);
        new IdentifyService(h, "test");
        hosts.add(h);
        return h;
    }

    private static Multiaddr listen(Host h) throws Exception {
        return h.listen(Multiaddr.parse("/ip4/127.0.0.1/udp/0/quic-v1")).get(10, TimeUnit.SECONDS).withPeerId(h.peerId());
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached within 20 s");
            Thread.sleep(10);
        }
    }
}
