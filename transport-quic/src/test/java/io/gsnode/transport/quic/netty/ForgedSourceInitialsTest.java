package io.gsnode.transport.quic.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.quic.QuicConnection;
import io.gsnode.transport.quic.QuicEngine;
import io.gsnode.transport.quic.QuicEngines;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * QUIC Initials from addresses that never answer (forged sources, as far as the listener can
 * tell) hold no more than half the listener's handshake bound: past it the listener answers with
 * Retry and keeps nothing, genuine dialers of both engines still connect (through the Retry), and
 * the held handshakes are closed after the handshake timeout rather than the idle timeout.
 *
 * <p>The forger is a real netty QUIC client behind a one-way relay: every datagram it sends reaches
 * the listener from a socket of the relay's own, one per forged dialer, and nothing the listener
 * sends back is ever read, so Retry tokens and handshake flights go nowhere.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ForgedSourceInitialsTest {

    /** A bound of 16 handshakes in progress: Retry from 8. */
    private static final ConnectionLimits LIMITS = new ConnectionLimits(1024, 256, 64L << 20, Duration.ofSeconds(3), 16, 8);
    private static final int FORGED = 40;

    private final List<QuicEngine> engines = new ArrayList<>();
    private OneWayRelay relay;

    @AfterEach
    void close() throws Exception {
        if (relay != null) relay.close();
        for (QuicEngine e : engines) e.close().get(10, TimeUnit.SECONDS);
    }

    private <E extends QuicEngine> E engine(E e) {
        engines.add(e);
        return e;
    }

    @Test
    void forgedInitialsGetRetriesWhileGenuineDialersConnect() throws Exception {
        QuicConfig netty = QuicConfig.DEFAULT.withEngine("netty");
        NettyEngine listener = engine(new NettyEngine(Ed25519.fromIndex(90), netty.withIdleTimeout(Duration.ofMinutes(5)), LIMITS));
        PeerId listenerId = PeerId.fromPubKey(Ed25519.fromIndex(90).publicKey());
        List<QuicConnection> accepted = new CopyOnWriteArrayList<>();
        List<Throwable> refused = new CopyOnWriteArrayList<>();
        InetSocketAddress addr = listener.listen(new InetSocketAddress("127.0.0.1", 0), new QuicEngine.Inbound() {
            @Override
            public void accepted(QuicConnection connection) {
                accepted.add(connection);
            }

            @Override
            public void refused(InetSocketAddress remote, Throwable cause) {
                refused.add(cause);
            }
        }).get(10, TimeUnit.SECONDS);
        NettyEngine.ListenerLoad idle = listener.listenerLoad().get(0);
        int retryFrom = NettyEngine.retryThreshold(LIMITS);

        // Unloaded, a genuine dialer pays no Retry.
        QuicEngine genuine = engine(new NettyEngine(Ed25519.fromIndex(91), netty, ConnectionLimits.DEFAULT));
        genuine.dial(addr, listenerId).get(20, TimeUnit.SECONDS);
        assertEquals(0, load(listener).retriesSent());
        assertEquals(0, idle.handshakesInProgress());

        relay = new OneWayRelay(addr);
        QuicEngine forger = engine(new NettyEngine(Ed25519.fromIndex(92), netty,
                new ConnectionLimits(1024, 256, 64L << 20, Duration.ofSeconds(20))));
        List<CompletableFuture<QuicConnection>> forged = new ArrayList<>();
        for (int i = 0; i < FORGED; i++) forged.add(forger.dial(relay.front(), listenerId));
        AtomicInteger peak = new AtomicInteger();
        await(() -> {
            peak.accumulateAndGet(load(listener).handshakesInProgress(), Math::max);
            return relay.forgedSources() == FORGED && load(listener).retriesSent() >= FORGED - retryFrom;
        });

        // Under load, genuine dialers of both engines go through a Retry and connect.
        long retriesBefore = load(listener).retriesSent();
        genuine.dial(addr, listenerId).get(20, TimeUnit.SECONDS);
        QuicEngine kwik = engine(QuicEngines.create(Ed25519.fromIndex(93), QuicConfig.DEFAULT.withEngine("kwik"), ConnectionLimits.DEFAULT));
        kwik.dial(addr, listenerId).get(20, TimeUnit.SECONDS);
        assertTrue(load(listener).retriesSent() >= retriesBefore + 2, "each genuine dialer was retried: " + load(listener));
        await(() -> accepted.size() == 3);

        assertEquals(retryFrom, peak.get(), "the forged handshakes filled the listener up to the Retry threshold");

        // Once the forger stops, what it left ends at the handshake timeout (3 s). Without that
        // deadline quiche holds a silent handshake for about 30 s whatever the idle timeout, so the
        // wait is bounded well between the two.
        relay.close();
        await(() -> load(listener).handshakesInProgress() == 0, 15);
        assertEquals(List.of(), refused, "nothing was refused: the forged dialers were never admitted past the Retry");
        assertTrue(forged.stream().noneMatch(f -> f.isDone() && !f.isCompletedExceptionally()), "no forged dial completed");
    }

    private static NettyEngine.ListenerLoad load(NettyEngine listener) {
        return listener.listenerLoad().get(0);
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        await(condition, 30);
    }

    private static void await(BooleanSupplier condition, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached within " + seconds + " s");
            Thread.sleep(5);
        }
    }

    /**
     * Forwards each client's datagrams to {@code target} from a socket of its own, and never
     * forwards anything back: to the target, every client is a source address that does not answer.
     */
    private static final class OneWayRelay implements AutoCloseable {
        private final DatagramChannel front;
        private final Map<SocketAddress, DatagramChannel> backs = new HashMap<>();
        private final Thread thread;
        private final InetSocketAddress target;

        OneWayRelay(InetSocketAddress target) throws IOException {
            this.target = target;
            front = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
            thread = new Thread(this::run, "one-way-relay");
            thread.setDaemon(true);
            thread.start();
        }

        InetSocketAddress front() throws IOException {
            return (InetSocketAddress) front.getLocalAddress();
        }

        synchronized int forgedSources() {
            return backs.size();
        }

        private void run() {
            ByteBuffer buf = ByteBuffer.allocate(65536);
            try {
                while (true) {
                    buf.clear();
                    SocketAddress client = front.receive(buf);
                    buf.flip();
                    back(client).send(buf, target);
                }
            } catch (IOException closed) {
                // close() ends the relay
            }
        }

        private synchronized DatagramChannel back(SocketAddress client) throws IOException {
            DatagramChannel back = backs.get(client);
            if (back == null) {
                back = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
                backs.put(client, back);
            }
            return back;
        }

        @Override
        public void close() throws IOException {
            front.close();
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (this) {
                for (DatagramChannel back : backs.values()) back.close();
                backs.clear();
            }
        }
    }
}
