package io.gsnode.transport.quic;

import io.gsnode.libp2p.testing.TestProtocols;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.host.HostListener;
import io.gsnode.libp2p.identify.IdentifyMessage;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.ping.PingService;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The netty engine against go-libp2p's QUIC (quic-go), in both directions: identify, ping and 16 MiB
 * with the digest checked on both sides. The netty listener also authenticates the go dialer in
 * TLS, which go must accept. The go peer is {@code interop/go/bin/gopeer}. Kwik against go is the
 * node module's InteropTest's job (through {@code gsnode peer}).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GoInteropTest {

    private static final Duration STEP = Duration.ofSeconds(30);
    private static final long SIXTEEN_MIB = 16L << 20;
    /** gopeer {@code --key-seed 0}, per interop/go/README.md. */
    private static final String GO_PEER_ID = "12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";

    private Host host;

    @AfterEach
    void close() throws Exception {
        if (host != null) host.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void nettyDialsGo() throws Exception {
        host = host(40);
        try (GoPeer go = GoPeer.start("--key-seed", "0", "--listen", "/ip4/127.0.0.1/udp/0/quic-v1")) {
            String addr = GoPeer.first(go.await("listening", STEP), "addrs");
            Connection conn = host.dial(Multiaddr.parse(addr)).get(20, TimeUnit.SECONDS);
            assertEquals(GO_PEER_ID, conn.remotePeer().toString());
            assertTrue(conn.authenticated());

            IdentifyMessage identify = IdentifyService.query(conn).get(20, TimeUnit.SECONDS);
            assertTrue(identify.agentVersion().startsWith("gsnode-interop-go"), identify.agentVersion());
            assertEquals(10, new PingService(host).ping(conn, 10, rtt -> {}).get(20, TimeUnit.SECONDS).size());
            assertArrayEquals(TestProtocols.payloadDigest(SIXTEEN_MIB),
                    TestProtocols.send(host, conn, SIXTEEN_MIB).get(60, TimeUnit.SECONDS), "go's digest of what we sent");

            String ours = host.peerId().toString();
            String inbound = go.await("connected", e -> ours.equals(GoPeer.field(e, "peer_id")), STEP);
            assertEquals("inbound", GoPeer.field(inbound, "direction"));
            assertEquals("true", GoPeer.scalar(inbound, "authenticated"), "go verified our certificate: " + inbound);
            String received = go.await("received", STEP);
            assertEquals(HexFormat.of().formatHex(TestProtocols.payloadDigest(SIXTEEN_MIB)), GoPeer.field(received, "sha256"));
        }
    }

    @Test
    void goDialsNettyWhichVerifiesItsCertificate() throws Exception {
        host = host(41);
        CompletableFuture<Connection> inbound = new CompletableFuture<>();
        host.addListener(new HostListener() {
            @Override
            public void onConnected(Connection connection) {
                inbound.complete(connection);
            }
        });
        Multiaddr addr = host.listen(Multiaddr.parse("/ip4/127.0.0.1/udp/0/quic-v1")).get(10, TimeUnit.SECONDS).withPeerId(host.peerId());
        try (GoPeer go = GoPeer.start("--key-seed", "0", "--dial", addr.toString(), "--ping", "10",
                "--send", Long.toString(SIXTEEN_MIB), "--seconds", "0")) {
            assertEquals(0, go.waitFor(STEP.multipliedBy(2)), "gopeer exit status\n" + go.diagnostics());
            String sent = go.await("sent", STEP);
            assertEquals("true", GoPeer.scalar(sent, "match"), "our digest matched go's: " + sent);
            assertEquals(10, go.diagnostics().split("\"event\":\"ping\"", -1).length - 1, go.diagnostics());

            Connection in = inbound.get(STEP.toSeconds(), TimeUnit.SECONDS);
            assertEquals(GO_PEER_ID, in.remotePeer().toString());
            assertTrue(in.authenticated(), "the netty listener verified go's certificate in TLS");
        }
    }

    private static Host host(long index) {
        QuicConfig config = QuicConfig.DEFAULT.withEngine("netty");
        Host h = new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT, List.of(ctx -> new QuicTransport(ctx, config)));
        new PingService(h);
        new IdentifyService(h, "test-netty");
        TestProtocols.serve(h);
        return h;
    }
}
