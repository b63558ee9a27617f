package io.gsnode.transport.quic;

import io.gsnode.libp2p.testing.TestProtocols;
import static io.gsnode.transport.quic.LoopbackQuic.listen;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.CongestionWindow;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link Connection#congestionWindow()} on loopback QUIC: quiche's window on the netty engine, none on Kwik. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CongestionWindowTest {

    private static final long FOUR_MIB = 4L << 20;

    private final List<Host> hosts = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (Host h : hosts) h.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void nettyReportsQuichesWindowWhichGrowsPastTheConfiguredInitialOneUnderABulkTransfer() throws Exception {
        QuicConfig config = QuicConfig.DEFAULT.withEngine("netty");
        Host sender = host(config, 1);
        Host receiver = host(config, 2);
        Connection c = sender.dial(listen(receiver)).get(20, TimeUnit.SECONDS);
        long initial = (long) QuicConfig.DEFAULT_INITIAL_WINDOW_PACKETS * QuicConfig.DEFAULT_MAX_UDP_PAYLOAD;

        CongestionWindow fresh = c.congestionWindow().get(10, TimeUnit.SECONDS);
        assertEquals(new CongestionWindow(initial, initial, "quiche"), fresh, "no data yet: quiche's initial window");

        CongestionWindow after = null;
        int rounds = 0;
        byte[] digest = TestProtocols.payloadDigest(FOUR_MIB);
        while (rounds < 8 && (after == null || !after.aboveInitial())) {
            rounds++;
            assertArrayEquals(digest, TestProtocols.send(sender, c, FOUR_MIB).get(30, TimeUnit.SECONDS));
            after = c.congestionWindow().get(10, TimeUnit.SECONDS);
        }
        System.out.println("congestion window " + fresh + " before the transfers, " + after + " after " + rounds + " of 4 MiB");
        assertEquals("quiche", after.source());
        assertEquals(initial, after.initialBytes());
        assertTrue(after.bytes() > after.initialBytes(), "cubic left the initial window: " + after);
        assertTrue(after.aboveInitial());
    }

    @Test
    void nettyReportsTheConfiguredInitialWindow() throws Exception {
        QuicConfig config = QuicConfig.DEFAULT.withEngine("netty").withInitialWindowPackets(10).withMaxUdpPayload(1250);
        Host a = host(config, 3);
        Host b = host(config, 4);
        Connection c = a.dial(listen(b)).get(20, TimeUnit.SECONDS);
        assertEquals(new CongestionWindow(12_500L, 12_500L, "quiche"), c.congestionWindow().get(10, TimeUnit.SECONDS));
    }

    @Test
    void kwikReportsUnreadable() throws Exception {
        Host dialer = host(QuicConfig.DEFAULT.withEngine("kwik"), 5);
        Host listener = host(QuicConfig.DEFAULT.withEngine("netty"), 6);
        Connection c = dialer.dial(listen(listener)).get(20, TimeUnit.SECONDS);
        CongestionWindow w = c.congestionWindow().get(10, TimeUnit.SECONDS);
        assertEquals("unreadable: kwik", w.source());
        assertNull(w.bytes());
        assertNull(w.initialBytes());
        assertNull(w.aboveInitial());
    }

    @Test
    void aReadFromAnotherThreadCompletesOnTheConnectionsExecutor() throws Exception {
        QuicConfig config = QuicConfig.DEFAULT.withEngine("netty").withExecutorThreads(1);
        Host a = host(config, 7);
        Host b = host(config, 8);
        Connection c = a.dial(listen(b)).get(20, TimeUnit.SECONDS);
        // Hold the executor so the callback is registered before the read can run there.
        CountDownLatch release = new CountDownLatch(1);
        c.executor().execute(() -> {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        CompletableFuture<Boolean> onExecutor = c.congestionWindow().thenApply(w -> c.executor().inEventLoop());
        release.countDown();
        assertTrue(onExecutor.get(10, TimeUnit.SECONDS));
    }

    private Host host(QuicConfig config, long index) {
        Host h = new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT, List.of(ctx -> new QuicTransport(ctx, config)));
        // Kwik's listener learns who dialed through identify.
        new IdentifyService(h, "test");
        TestProtocols.serve(h);
        hosts.add(h);
        return h;
    }
}
