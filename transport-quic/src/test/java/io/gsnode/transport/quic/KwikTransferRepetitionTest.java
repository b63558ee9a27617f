package io.gsnode.transport.quic;

import io.gsnode.libp2p.testing.TestProtocols;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Kwik against netty, 16 MiB each way, many times over one connection: the transfer that used to
 * stall for good in about one run of three of thirty repetitions (Kwik stranding a stream's last
 * bytes, see KwikStream). The fast tier repeats it five times, the long tier the thirty that the
 * stall needed to show. Each transfer is bounded; the whole test too.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class KwikTransferRepetitionTest {

    private static final long SIXTEEN_MIB = 16L << 20;

    private final List<Host> hosts = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (Host h : hosts) h.close().get(10, TimeUnit.SECONDS);
    }

    /** The fast tier: every transfer intact, both ways, five times. */
    @ParameterizedTest(name = "{0} dials {1}")
    @CsvSource({"kwik, netty", "netty, kwik"})
    void sixteenMebibytesEachWayFiveTimesWithoutAStall(String dialerEngine, String listenerEngine) throws Exception {
        transfers(dialerEngine, listenerEngine, 5);
    }

    /** The long tier: thirty times, the repetition at which the stall showed. */
    @Tag("long")
    @ParameterizedTest(name = "{0} dials {1}")
    @CsvSource({"kwik, netty", "netty, kwik"})
    void sixteenMebibytesEachWayThirtyTimesWithoutAStall(String dialerEngine, String listenerEngine) throws Exception {
        transfers(dialerEngine, listenerEngine, 30);
    }

    private void transfers(String dialerEngine, String listenerEngine, int repetitions) throws Exception {
        Host listener = host(listenerEngine, 31);
        Host dialer = host(dialerEngine, 32);
        Multiaddr addr = listener.listen(Multiaddr.parse("/ip4/127.0.0.1/udp/0/quic-v1")).get(10, TimeUnit.SECONDS)
                .withPeerId(listener.peerId());
        Connection out = dialer.dial(addr).get(20, TimeUnit.SECONDS);
        byte[] expected = TestProtocols.payloadDigest(SIXTEEN_MIB);
        for (int i = 1; i <= repetitions; i++) {
            assertArrayEquals(expected, TestProtocols.send(dialer, out, SIXTEEN_MIB).get(60, TimeUnit.SECONDS),
                    "dialer to listener, repetition " + i);
            Connection in = inbound(listener, dialer);
            assertArrayEquals(expected, TestProtocols.send(listener, in, SIXTEEN_MIB).get(60, TimeUnit.SECONDS),
                    "listener to dialer, repetition " + i);
        }
    }

    /** The listener's side of the connection, once it knows the dialer (Kwik's listener learns it through identify). */
    private static Connection inbound(Host listener, Host dialer) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Connection in;
        while ((in = listener.connection(dialer.peerId())) == null) {
            if (System.nanoTime() > deadline) throw new AssertionError("the listener never bound the dialer's connection");
            Thread.sleep(10);
        }
        return in;
    }

    private Host host(String engine, long index) {
        Host h = new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT,
                List.of(ctx -> new QuicTransport(ctx, QuicConfig.DEFAULT.withEngine(engine))));
        // Kwik's listener learns who dialed through identify.
        new IdentifyService(h, "test-" + engine);
        TestProtocols.serve(h);
        hosts.add(h);
        return h;
    }
}
