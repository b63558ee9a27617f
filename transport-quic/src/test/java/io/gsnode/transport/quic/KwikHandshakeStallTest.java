package io.gsnode.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.kwik.KwikEngine;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How a Kwik dial tells a stalled handshake from a slow one (HandshakeWatch), against two fake
 * listeners on real UDP sockets: one that answers every datagram with junk, so that datagrams
 * arrive and the TLS state never moves (what the dropped-ServerHello stall looked like), and one
 * that never answers, as a listener too starved of CPU to reply yet. Only the first is abandoned
 * and retried; the second keeps its one attempt until the dial's budget runs out.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KwikHandshakeStallTest {

    private static final Duration STALL_BOUND = Duration.ofMillis(800);
    private static final Duration BUDGET = Duration.ofSeconds(4);
    private static final PeerId LISTENER = PeerId.fromPubKey(Ed25519.fromIndex(71).publicKey());

    @Test
    void aListenerThatAnswersWithoutProgressIsAbandonedAndRetried() throws Exception {
        long stalled = stalledAttemptsOfAFailedDial(true);
        assertTrue(stalled >= 2, "attempts abandoned as stalled within " + BUDGET + ": " + stalled);
    }

    @Test
    void aListenerThatHasNotAnsweredYetKeepsItsAttempt() throws Exception {
        assertEquals(0, stalledAttemptsOfAFailedDial(false), "a listener that is only slow is not a stall");
    }

    /** Dials a fake listener that never completes a handshake; returns the attempts abandoned as stalled. */
    private static long stalledAttemptsOfAFailedDial(boolean listenerAnswers) throws Exception {
        try (FakeListener listener = new FakeListener(listenerAnswers)) {
            KwikEngine engine = engine();
            try {
                assertThrows(ExecutionException.class, () -> engine.dial(listener.address(), LISTENER)
                        .get(20, TimeUnit.SECONDS));
                assertTrue(listener.received() > 0, "the dialer reached the fake listener");
                return engine.stalledHandshakeAttempts();
            } finally {
                engine.close().get(10, TimeUnit.SECONDS);
            }
        }
    }

    private static KwikEngine engine() {
        ConnectionLimits limits = new ConnectionLimits(64, 64, 8L << 20, BUDGET, 256, 8);
        return new KwikEngine(Ed25519.fromIndex(70), QuicConfig.DEFAULT.withEngine("kwik").withHandshakeAttempt(STALL_BOUND), limits);
    }

    /** A UDP socket on loopback that reads datagrams and, when {@code answers}, sends junk back for each. */
    private static final class FakeListener implements AutoCloseable {
        private final DatagramSocket socket;
        private final Thread reader;
        private volatile int received;

        FakeListener(boolean answers) throws SocketException {
            socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            reader = new Thread(() -> {
                byte[] buffer = new byte[2048];
                try {
                    while (true) {
                        DatagramPacket p = new DatagramPacket(buffer, buffer.length);
                        socket.receive(p);
                        received++;
                        // Three, as a listener's flight and its retransmission would be.
                        for (int i = 0; answers && i < 3; i++) {
                            socket.send(new DatagramPacket(new byte[1200], 1200, p.getSocketAddress()));
                        }
                    }
                } catch (java.io.IOException closed) {
                    // The test is over.
                }
            }, "fake-quic-listener");
            reader.setDaemon(true);
            reader.start();
        }

        InetSocketAddress address() {
            return (InetSocketAddress) socket.getLocalSocketAddress();
        }

        int received() {
            return received;
        }

        @Override
        public void close() throws InterruptedException {
            socket.close();
            reader.join(5000);
        }
    }
}
