package io.gsnode.transport.quic.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.quic.QuicConfig.CongestionControl;
import io.gsnode.transport.quic.QuicConnection;
import io.gsnode.transport.quic.QuicEngine;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionPathStats;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The congestion knobs of {@link QuicConfig} reach quiche: right after the handshake, before any
 * stream data, the congestion window is the initial window asked for, and both sides send and
 * advertise the UDP payload size asked for. Pacing, where on, reads its rate from quiche.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NettyKnobsTest {

    private NettyEngine listener;
    private NettyEngine dialer;

    @AfterEach
    void close() throws Exception {
        if (dialer != null) dialer.close().get(10, TimeUnit.SECONDS);
        if (listener != null) listener.close().get(10, TimeUnit.SECONDS);
        dialer = null;
        listener = null;
    }

    @ParameterizedTest(name = "{0}, {1} packets of {2} bytes")
    @CsvSource({"reno, 10, 1200", "cubic, 32, 1350", "bbr, 32, 1350", "cubic, 100, 1452"})
    void initialWindowAndPacketSizeReachQuiche(String algorithm, int packets, int payload) throws Exception {
        QuicConfig config = QuicConfig.DEFAULT.withEngine("netty")
                .withCongestionControl(CongestionControl.parse(algorithm))
                .withInitialWindowPackets(packets)
                .withMaxUdpPayload(payload);
        QuicChannel[] sides = connect(config);
        for (QuicChannel side : sides) {
            QuicConnectionPathStats path = side.collectPathStats(0).get(10, TimeUnit.SECONDS);
            long initialWindow = (long) packets * payload;
            // Slow start has already grown it by the handshake packets acked (about 2 kB on the
            // listener's side); quiche's own default (10 packets) is far below every case here.
            assertTrue(path.cwnd() >= initialWindow && path.cwnd() < initialWindow + 4L * payload,
                    "cwnd " + path.cwnd() + " is not the initial window of " + packets + " x " + payload + " bytes");
            assertEquals(payload, path.pmtu(), "packets we send");
            assertEquals(payload, side.peerTransportParameters().maxUdpPayloadSize(), "what the remote advertised");
        }
    }

    /** A connection between two fresh engines: the dialer's channel, then the listener's. */
    private QuicChannel[] connect(QuicConfig config) throws Exception {
        listener = new NettyEngine(Ed25519.fromIndex(70), config, ConnectionLimits.DEFAULT);
        dialer = new NettyEngine(Ed25519.fromIndex(71), config, ConnectionLimits.DEFAULT);
        CompletableFuture<QuicConnection> accepted = new CompletableFuture<>();
        InetSocketAddress addr = listener.listen(new InetSocketAddress("127.0.0.1", 0), new QuicEngine.Inbound() {
            @Override
            public void accepted(QuicConnection connection) {
                accepted.complete(connection);
            }

            @Override
            public void refused(InetSocketAddress remote, Throwable cause) {
                accepted.completeExceptionally(cause);
            }
        }).get(10, TimeUnit.SECONDS);
        QuicChannel out = ((NettyConnection) dialer.dial(addr, PeerId.fromPubKey(Ed25519.fromIndex(70).publicKey()))
                .get(20, TimeUnit.SECONDS)).channel();
        QuicChannel in = ((NettyConnection) accepted.get(20, TimeUnit.SECONDS)).channel();
        return new QuicChannel[] {out, in};
    }

    @Test
    void receiveWindowsStartAtQuicGosInitialValues() throws Exception {
        for (QuicChannel side : connect(QuicConfig.DEFAULT.withEngine("netty"))) {
            var advertised = side.peerTransportParameters();
            assertEquals(512L << 10, advertised.initialMaxStreamDataBidiLocal(), "per stream, as quic-go");
            assertEquals(512L << 10, advertised.initialMaxStreamDataBidiRemote());
            assertEquals(768L << 10, advertised.initialMaxData(), "per connection: 1.5 times");
        }
    }

    @Test
    void pacingReadsTheRateFromQuicheAndCanBeTurnedOff() throws Exception {
        for (boolean pacing : new boolean[] {true, false}) {
            QuicConfig config = QuicConfig.DEFAULT.withEngine("netty").withPacing(pacing);
            QuicChannel[] sides = connect(config);
            for (QuicChannel side : sides) {
                PacingHandler pacer = side.parent().pipeline().get(PacingHandler.class);
                if (!pacing) {
                    assertNull(pacer, "no pacer in the socket's pipeline");
                    continue;
                }
                InetSocketAddress remote = (InetSocketAddress) side.remoteSocketAddress();
                double rate = side.eventLoop().submit(() -> pacer.rate(remote)).get(10, TimeUnit.SECONDS);
                QuicConnectionPathStats path = side.collectPathStats(0).get(10, TimeUnit.SECONDS);
                // srtt comes in nanoseconds: a loopback round trip through two JVMs takes more than
                // 10 us and less than a second, which in micro- or milliseconds it would not.
                assertTrue(path.rtt() >= 10_000 && path.rtt() <= 1_000_000_000L, "srtt " + path.rtt());
                assertEquals(1.25 * path.cwnd() * 1e9 / path.rtt(), rate, rate * 0.5, "5/4 of cwnd over srtt");
            }
            close();
        }
    }
}
