package io.gsnode.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.kwik.KwikEngine;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A Kwik dialer and a listener that answers at once (quic-go on loopback): agent15 used to drop a
 * ServerHello that arrived before it had finished sending its ClientHello, and the handshake then
 * stalled until its attempt's bound (4-5 dials in 100 before the fix; {@code HandshakeWatch}).
 * At that rate, 200 dials without one stalled attempt happen by chance about once in 10,000 runs.
 * Every dial must succeed too: the rarer attempts that Kwik fails with a fault of its own are retried
 * ({@code KwikFaultLog}).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class KwikHandshakeRaceTest {

    private static final int DIALS = 200;

    @Test
    void twoHundredDialsToGoNeverStallAHandshake() throws Exception {
        try (GoPeer go = GoPeer.start("--key-seed", "0", "--listen", "/ip4/127.0.0.1/udp/0/quic-v1")) {
            Multiaddr addr = Multiaddr.parse(GoPeer.first(go.await("listening", Duration.ofSeconds(30)), "addrs"));
            InetSocketAddress socket = addr.socketAddress();
            PeerId goPeer = addr.peerId().orElseThrow();
            KwikEngine engine = new KwikEngine(Ed25519.fromIndex(60), QuicConfig.DEFAULT.withEngine("kwik"), ConnectionLimits.DEFAULT);
            try {
                for (int i = 0; i < DIALS; i++) {
                    QuicConnection c = engine.dial(socket, goPeer).get(30, TimeUnit.SECONDS);
                    c.close().get(10, TimeUnit.SECONDS);
                }
                System.out.printf("KwikHandshakeRaceTest: %d dials, %d attempts stalled, %d failed inside Kwik and were retried%n",
                        DIALS, engine.stalledHandshakeAttempts(), engine.faultedHandshakeAttempts());
                assertEquals(0, engine.stalledHandshakeAttempts(), "handshake attempts that stalled in " + DIALS + " dials");
            } finally {
                engine.close().get(10, TimeUnit.SECONDS);
            }
        }
    }
}
