package io.gsnode.transport.quic;

import static io.gsnode.transport.quic.LoopbackQuic.await;
import static io.gsnode.transport.quic.LoopbackQuic.listen;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** In-process hosts over QUIC, both on the same engine; every test runs on each engine. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class QuicHostTest {

    private final List<Host> hosts = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (Host h : hosts) h.close().get(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"kwik", "netty"})
    void dialerAuthenticatesTheListenerWhichKnowsTheDialerByTlsOrIdentify(String engine) throws Exception {
        Host listener = host(engine, 1);
        Host dialer = host(engine, 2);
        Multiaddr addr = listen(listener);
        Connection out = dialer.dial(addr).get(20, TimeUnit.SECONDS);
        assertEquals(listener.peerId(), out.remotePeer());
        assertTrue(out.authenticated(), "the dialer verified the listener's libp2p certificate");
        assertEquals("tls", out.security());
        assertEquals("quic", out.muxer());

        await(() -> listener.connection(dialer.peerId()) != null);
        Connection in = listener.connection(dialer.peerId());
        assertEquals(Direction.INBOUND, in.direction());
        if (engine.equals("kwik")) {
            assertFalse(in.authenticated(), "Kwik's server cannot ask for the dialer's certificate");
            assertEquals(null, in.remotePublicKey(), "an unauthenticated connection vouches for no key");
        } else {
            assertTrue(in.authenticated(), "the listener verified the dialer's libp2p certificate");
            assertEquals(dialer.identity().publicKey(), in.remotePublicKey());
        }

        assertEquals(10, new PingService(dialer).ping(out, 10, rtt -> {}).get(20, TimeUnit.SECONDS).size());
        assertEquals(10, new PingService(listener).ping(in, 10, rtt -> {}).get(20, TimeUnit.SECONDS).size(),
                "streams work in both directions");
    }

    @ParameterizedTest
    @ValueSource(strings = {"kwik", "netty"})
    void dialingTheWrongPeerIdIsRefusedAsASecurityFailure(String engine) throws Exception {
        Host listener = host(engine, 3);
        Host dialer = host(engine, 4);
        Multiaddr addr = listen(listener);
        PeerId someoneElse = PeerId.fromPubKey(Ed25519.fromIndex(99).publicKey());
        CompletionException e = assertThrows(CompletionException.class,
                () -> dialer.dial(addr.withoutPeerId().withPeerId(someoneElse)).join());
        assertTrue(e.getCause() instanceof DialException, e.toString());
        assertTrue(e.getCause().getMessage().contains(someoneElse.toString()), e.getCause().getMessage());
        assertEquals(1, dialer.failureCount(FailureKind.SECURITY));
        assertEquals(null, listener.connection(dialer.peerId()), "the dialer aborted the handshake, so the listener has no connection");
        assertEquals(0, listener.failureCount(FailureKind.SECURITY), "the listener refused nothing: the dialer refused it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"kwik", "netty"})
    void garbageDatagramsDoNotDisturbEstablishedConnections(String engine) throws Exception {
        Host listener = host(engine, 5);
        Host dialer = host(engine, 6);
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
        Host late = host(engine, 7);
        Connection fresh = late.dial(addr).get(20, TimeUnit.SECONDS);
        assertEquals(3, new PingService(late).ping(fresh, 3, rtt -> {}).get(20, TimeUnit.SECONDS).size(),
                "the listener still accepts");
        assertEquals(0, listener.failureCount(FailureKind.SECURITY), "junk is not a refused dialer");
    }

    @ParameterizedTest
    @ValueSource(strings = {"kwik", "netty"})
    void aQuietConnectionOutlivesTheIdleTimeout(String engine) throws Exception {
        Duration idle = Duration.ofSeconds(2);
        Host listener = host(QuicConfig.DEFAULT.withEngine(engine).withIdleTimeout(idle), 8);
        Host dialer = host(QuicConfig.DEFAULT.withEngine(engine).withIdleTimeout(idle), 9);
        Connection c = dialer.dial(listen(listener)).get(20, TimeUnit.SECONDS);

        // Nothing is sent for three idle timeouts but the engines' keep-alives. quiche may notice a
        // dead connection only later (it stretches the timeout to three PTOs), but then the ping fails.
        assertThrows(TimeoutException.class, () -> c.closeFuture().get(3 * idle.toMillis(), TimeUnit.MILLISECONDS));
        assertEquals(3, new PingService(dialer).ping(c, 3, rtt -> {}).get(20, TimeUnit.SECONDS).size());
    }

    private Host host(String engine, long index) {
        return host(QuicConfig.DEFAULT.withEngine(engine), index);
    }

    private Host host(QuicConfig config, long index) {
        Host h = new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT,
                List.of(ctx -> new QuicTransport(ctx, config)));
        new PingService(h);
        new IdentifyService(h, "test");
        hosts.add(h);
        return h;
    }
}
