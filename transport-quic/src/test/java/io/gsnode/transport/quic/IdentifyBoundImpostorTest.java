package io.gsnode.transport.quic;

import static io.gsnode.transport.quic.LoopbackQuic.await;
import static io.gsnode.transport.quic.LoopbackQuic.listen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.libp2p.ping.PingService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Kwik listener learns an inbound dialer's peer ID from identify only (docs/quic.md §3), so a
 * dialer can name another peer's key. Such a connection must never close or replace the
 * authenticated connection the node holds, or later dials to, that peer. The impostor here holds
 * the real peer's key (the strongest case: identify then cannot tell them apart either). Each test
 * runs with the node's peer ID below and above the peer's, because the duplicate rule keeps the
 * connection dialed by the smaller ID: one order has it prefer the impostor's connection.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class IdentifyBoundImpostorTest {

    /** Short, so that the contest the host holds (see Host) ends quickly. */
    private static final ConnectionLimits LIMITS = new ConnectionLimits(64, 64, 8L << 20, Duration.ofSeconds(3));
    private static final PrivKey PEER = Ed25519.fromIndex(70);
    private static final PeerId PEER_ID = PeerId.fromPubKey(PEER.publicKey());

    private final List<Host> hosts = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (Host h : hosts) h.close().get(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest(name = "node ID below the peer's: {0}")
    @ValueSource(booleans = {true, false})
    void anImpostorArrivingLaterNeverClosesTheAuthenticatedConnection(boolean nodeBelowPeer) throws Exception {
        Cast c = cast(nodeBelowPeer);
        Host node = c.node();
        Connection authenticated = node.dial(c.peerAddr()).get(20, TimeUnit.SECONDS);
        assertTrue(authenticated.authenticated());

        Connection forged = c.impostor().dial(c.nodeAddr()).get(20, TimeUnit.SECONDS);
        // The node closes the impostor's connection: at once as a duplicate, or after the contest.
        forged.closeFuture().get(20, TimeUnit.SECONDS);

        assertFalse(authenticated.closeFuture().isDone(), "the authenticated connection stays open");
        assertSame(authenticated, node.connection(PEER_ID));
        assertEquals(3, new PingService(node).ping(authenticated, 3, rtt -> {}).get(20, TimeUnit.SECONDS).size());
        if (!nodeBelowPeer) {
            assertEquals(1, node.failureCount(FailureKind.SECURITY), "the contest the impostor lost is counted");
        }
    }

    @ParameterizedTest(name = "node ID below the peer's: {0}")
    @ValueSource(booleans = {true, false})
    void anImpostorArrivingFirstIsNotTakenForThePeerTheNodeDials(boolean nodeBelowPeer) throws Exception {
        Cast c = cast(nodeBelowPeer);
        Host node = c.node();
        c.impostor().dial(c.nodeAddr()).get(20, TimeUnit.SECONDS);
        await(() -> node.connection(PEER_ID) != null);
        Connection forged = node.connection(PEER_ID);
        assertFalse(forged.authenticated(), "bound by identify");

        Connection dialed = node.dial(c.peerAddr()).get(20, TimeUnit.SECONDS);

        assertTrue(dialed.authenticated(), "the dial went to the peer, not to the connection identify vouched for");
        forged.closeFuture().get(20, TimeUnit.SECONDS);
        await(() -> node.connection(PEER_ID) == dialed);
        assertFalse(dialed.closeFuture().isDone());
        assertEquals(3, new PingService(node).ping(dialed, 3, rtt -> {}).get(20, TimeUnit.SECONDS).size());
        if (!nodeBelowPeer) {
            assertEquals(1, node.failureCount(FailureKind.SECURITY), "the contest the impostor lost is counted");
        }
    }

    /** The node (a Kwik listener) and the impostor holding the peer's key; the node's and the genuine peer's (netty) addresses. */
    private record Cast(Host node, Host impostor, Multiaddr nodeAddr, Multiaddr peerAddr) {}

    private Cast cast(boolean nodeBelowPeer) throws Exception {
        Host node = host(nodeKey(nodeBelowPeer), "kwik");
        Host peer = host(PEER, "netty");
        Host impostor = host(PEER, "kwik");
        return new Cast(node, impostor, listen(node), listen(peer));
    }

    /** A key whose peer ID sorts below (or above) the peer's. */
    private static PrivKey nodeKey(boolean below) {
        for (int i = 71; ; i++) {
            PrivKey k = Ed25519.fromIndex(i);
            if ((PeerId.fromPubKey(k.publicKey()).compareTo(PEER_ID) < 0) == below) return k;
        }
    }

    private Host host(PrivKey key, String engine) {
        QuicConfig config = QuicConfig.DEFAULT.withEngine(engine);
        Host h = new Host(key, LIMITS, List.of(ctx -> new QuicTransport(ctx, config)));
        new IdentifyService(h, "impostor-test");
        new PingService(h);
        hosts.add(h);
        return h;
    }
}
