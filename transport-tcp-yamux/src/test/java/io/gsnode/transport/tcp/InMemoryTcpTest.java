package io.gsnode.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.ping.PingService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The TCP transport's in-memory mode: the whole libp2p pipeline between two hosts of one JVM, no socket. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InMemoryTcpTest {

    private final List<Host> hosts = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (Host h : hosts) h.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void hostsUpgradeAndPingWithoutOpeningASocket() throws Exception {
        long socketsBefore = openSockets();
        Host a = host(1);
        Host b = host(2);
        Multiaddr requested = Multiaddr.parse("/ip4/10.9.9.9/tcp/9000");
        Multiaddr bound = b.listen(requested).get(10, TimeUnit.SECONDS);
        assertEquals(requested, bound, "an in-memory listener keeps the address it was given");
        Connection c = a.dial(bound.withPeerId(b.peerId())).get(10, TimeUnit.SECONDS);
        assertEquals(b.peerId(), c.remotePeer());
        assertEquals(requested, c.remoteAddr());
        assertEquals(5, new PingService(a).ping(c, 5, rtt -> {}).get(10, TimeUnit.SECONDS).size());
        assertTrue(a.wireCounters().sent() > 0, "the Noise and yamux bytes are still counted");
        assertEquals(socketsBefore, openSockets(), "no socket was opened");
    }

    private Host host(long index) {
        Host h = new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT,
                List.of(ctx -> new TcpTransport(ctx, TcpConfig.DEFAULT.withIoThreads(1).withInMemory())));
        new PingService(h);
        hosts.add(h);
        return h;
    }

    /** Sockets this process holds, from its file descriptors. */
    static long openSockets() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().startsWith("socket:");
                } catch (IOException e) {
                    return false; // closed while we looked
                }
            }).count();
        }
    }
}
