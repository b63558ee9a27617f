package io.gsnode.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyMessage;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.ping.PingService;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The host's connection management, on real TCP connections between in-process hosts. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostOverTcpTest {

    private final List<Host> hosts = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (Host h : hosts) h.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void concurrentDialsToOnePeerShareOneConnection() throws Exception {
        Host a = host(1, ConnectionLimits.DEFAULT);
        Host b = host(2, ConnectionLimits.DEFAULT);
        Multiaddr addr = listen(b);
        CompletableFuture<Connection> first = a.dial(addr);
        CompletableFuture<Connection> second = a.dial(addr);
        assertSame(first.get(10, TimeUnit.SECONDS), second.get(10, TimeUnit.SECONDS));
        assertSame(first.get(), a.dial(addr).get(10, TimeUnit.SECONDS), "a later dial reuses the live connection");
        assertEquals(1, a.connections().size());
    }

    @Test
    void simultaneousDialsConvergeOnTheSameSingleConnection() throws Exception {
        for (int round = 0; round < 5; round++) {
            Host a = host(10 + 2 * round, ConnectionLimits.DEFAULT);
            Host b = host(11 + 2 * round, ConnectionLimits.DEFAULT);
            Multiaddr addrA = listen(a);
            Multiaddr addrB = listen(b);
            CompletableFuture<Connection> ab = a.dial(addrB);
            CompletableFuture<Connection> ba = b.dial(addrA);
            ab.get(10, TimeUnit.SECONDS);
            ba.get(10, TimeUnit.SECONDS);
            // The loser is closed asynchronously: wait until both hold one connection, the same one.
            await(() -> a.connections().size() == 1 && b.connections().size() == 1
                    && a.connections().get(0).localAddr().equals(b.connections().get(0).remoteAddr()));
            Connection atA = a.connections().get(0);
            Connection atB = b.connections().get(0);
            assertEquals(atA.localAddr(), atB.remoteAddr(), "both kept the same TCP connection");
            assertTrue(atA.direction() != atB.direction());
            Connection kept = a.dial(addrB).get(10, TimeUnit.SECONDS);
            assertEquals(10, new PingService(a).ping(kept, 10, rtt -> {}).get(10, TimeUnit.SECONDS).size());
        }
    }

    /**
     * A peer that restarted dials again while its old connection still looks open here (its close
     * never arrived): the new connection replaces the old one. Kept the other way round, every
     * redial within the idle timeout was closed as a duplicate of a dead connection (seen: Kwik
     * dialers restarting against a netty listener failed for 30-40 s at a time).
     */
    @Test
    void aPeerThatDialsAgainReplacesTheConnectionItDialedBefore() throws Exception {
        Host listener = host(60, ConnectionLimits.DEFAULT);
        Multiaddr addr = listen(listener);
        // The peer before its restart: its connection stays open, as one whose close was lost.
        Connection stale = host(61, ConnectionLimits.DEFAULT).dial(addr).get(10, TimeUnit.SECONDS);
        await(() -> listener.connections().size() == 1);
        Host restarted = host(61, ConnectionLimits.DEFAULT);
        Connection fresh = restarted.dial(addr).get(10, TimeUnit.SECONDS);
        stale.closeFuture().get(10, TimeUnit.SECONDS);
        assertEquals(10, new PingService(restarted).ping(fresh, 10, rtt -> {}).get(10, TimeUnit.SECONDS).size());
        assertEquals(1, listener.connections().size());
        assertEquals(Direction.INBOUND, listener.connections().get(0).direction());
        assertEquals(fresh.localAddr(), listener.connections().get(0).remoteAddr(), "the listener kept the new connection");
    }

    @Test
    void connectionsPastTheLimitAreClosedAndCounted() throws Exception {
        Host limited = host(30, new ConnectionLimits(1, 16, 1 << 20, Duration.ofSeconds(10)));
        Multiaddr addr = listen(limited);
        Host first = host(31, ConnectionLimits.DEFAULT);
        Host second = host(32, ConnectionLimits.DEFAULT);
        Connection kept = first.dial(addr).get(10, TimeUnit.SECONDS);
        Connection refused = second.dial(addr).get(10, TimeUnit.SECONDS);
        refused.closeFuture().get(10, TimeUnit.SECONDS);
        assertEquals(1, limited.failureCount(FailureKind.LIMIT));
        assertEquals(1, limited.connections().size());
        assertEquals(10, new PingService(first).ping(kept, 10, rtt -> {}).get(10, TimeUnit.SECONDS).size());
    }

    /**
     * Issue 43 #7: 20 identities from one address. Eight connections are kept; the rest are closed
     * and counted; a slot freed by a close is taken by the next. The listener is at 127.0.0.2 and
     * counts loopback (a node's default leaves loopback out: every local dial comes from 127.0.0.1).
     */
    @Test
    void establishedInboundConnectionsFromOneAddressAreCapped() throws Exception {
        Host target = host(70, ConnectionLimits.DEFAULT.withInboundPerAddress(8, false));
        Multiaddr addr = target.listen(Multiaddr.parse("/ip4/127.0.0.2/tcp/0")).get(10, TimeUnit.SECONDS).withPeerId(target.peerId());
        List<Connection> dialed = new ArrayList<>();
        for (int i = 0; i < 20; i++) dialed.add(host(100 + i, ConnectionLimits.DEFAULT).dial(addr).get(10, TimeUnit.SECONDS));
        await(() -> target.failureCount(FailureKind.LIMIT) == 12 && target.connections().size() == 8);
        await(() -> dialed.stream().filter(c -> !c.closeFuture().isDone()).count() == 8);
        Connection kept = dialed.stream().filter(c -> !c.closeFuture().isDone()).findFirst().orElseThrow();
        kept.close().get(10, TimeUnit.SECONDS);
        await(() -> target.connections().size() == 7);
        Host next = host(130, ConnectionLimits.DEFAULT);
        Connection c = next.dial(addr).get(10, TimeUnit.SECONDS);
        assertEquals(3, new PingService(next).ping(c, 3, rtt -> {}).get(10, TimeUnit.SECONDS).size());
        assertEquals(8, target.connections().size());
        assertEquals(12, target.failureCount(FailureKind.LIMIT));
    }

    /** A host that admits only some peers closes another's inbound connection and counts it; an admitted one connects. */
    @Test
    void aPeerTheHostDoesNotAdmitIsRefusedAndCounted() throws Exception {
        Host target = host(80, ConnectionLimits.DEFAULT);
        Host neighbour = host(81, ConnectionLimits.DEFAULT);
        target.admitOnly(neighbour.peerId()::equals);
        Multiaddr addr = listen(target);
        Connection stranger = host(82, ConnectionLimits.DEFAULT).dial(addr).get(10, TimeUnit.SECONDS);
        stranger.closeFuture().get(10, TimeUnit.SECONDS);
        assertEquals(1, target.failureCount(FailureKind.LIMIT));
        Connection c = neighbour.dial(addr).get(10, TimeUnit.SECONDS);
        assertEquals(3, new PingService(neighbour).ping(c, 3, rtt -> {}).get(10, TimeUnit.SECONDS).size());
        assertEquals(List.of(neighbour.peerId()), target.connections().stream().map(Connection::remotePeer).toList());
    }

    /**
     * Issue 18 #11: 1,000 connections from one address that connect and never speak. Eight hold a
     * handshake slot until the handshake timeout; the rest are closed at once and counted, and a
     * real peer from another address still connects.
     */
    @Test
    void silentConnectionsAreCappedAndARealDialStillSucceeds() throws Exception {
        Host target = host(50, ConnectionLimits.DEFAULT);
        Multiaddr addr = listen(target);
        List<Socket> silent = new ArrayList<>();
        try {
            for (int i = 0; i < 1000; i++) {
                Socket s = new Socket();
                silent.add(s);
                s.bind(new InetSocketAddress("127.0.0.2", 0));
                s.connect(addr.socketAddress(), 5000);
            }
            int held = ConnectionLimits.DEFAULT.maxPendingInboundPerAddress();
            await(() -> target.failureCount(FailureKind.LIMIT) == 1000 - held);
            Host real = host(51, ConnectionLimits.DEFAULT);
            Connection c = real.dial(addr).get(10, TimeUnit.SECONDS);
            assertEquals(3, new PingService(real).ping(c, 3, rtt -> {}).get(10, TimeUnit.SECONDS).size());
            long open = silent.stream().filter(s -> !closedByPeer(s)).count();
            assertEquals(held, open, "only the admitted connections are still open");
        } finally {
            for (Socket s : silent) s.close();
        }
    }

    /** Whether the other side closed {@code s}: a read returns end of stream at once. */
    private static boolean closedByPeer(Socket s) {
        try {
            s.setSoTimeout(50);
            return s.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    @Test
    void identifyReportsKeyAddressesProtocolsAndTheObservedAddress() throws Exception {
        Host a = host(40, ConnectionLimits.DEFAULT);
        Host b = host(41, ConnectionLimits.DEFAULT);
        IdentifyService ofA = new IdentifyService(a, "test/a");
        new IdentifyService(b, "test/b");
        Multiaddr addr = listen(b);
        Connection c = a.dial(addr).get(10, TimeUnit.SECONDS);
        IdentifyMessage m = ofA.identify(c).get(10, TimeUnit.SECONDS);
        assertEquals(b.identity().publicKey(), m.publicKey());
        assertEquals("test/b", m.agentVersion());
        assertEquals(List.of(addr.withoutPeerId()), m.listenAddrs());
        assertTrue(m.protocols().contains(IdentifyService.PROTOCOL) && m.protocols().contains(PingService.PROTOCOL), m.protocols().toString());
        assertEquals(c.localAddr(), m.observedAddr());
        assertEquals(Direction.OUTBOUND, c.direction());
    }

    private Host host(long index, ConnectionLimits limits) {
        Host h = new Host(Ed25519.fromIndex(index), limits, List.of(ctx -> new TcpTransport(ctx, TcpConfig.DEFAULT.withIoThreads(1))));
        new PingService(h);
        hosts.add(h);
        return h;
    }

    private static Multiaddr listen(Host h) throws Exception {
        return h.listen(Multiaddr.parse("/ip4/127.0.0.1/tcp/0")).get(10, TimeUnit.SECONDS).withPeerId(h.peerId());
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached within 10 s");
            Thread.sleep(10);
        }
    }
}
