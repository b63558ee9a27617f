package io.gsnode.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.host.DialException;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.multistream.MultistreamMessages;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.libp2p.ping.PingService;
import io.gsnode.transport.tcp.noise.LyingHandshakes;
import io.gsnode.transport.tcp.noise.NoiseHandshake;
import io.gsnode.transport.tcp.yamux.YamuxConnection;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each test breaks one rule against a live node, then checks that the node closed that connection,
 * counted the failure at the right layer, and still serves a well-behaved peer.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BadInputTest {

    private static final Duration CLOSE_WITHIN = Duration.ofSeconds(10);

    private final PrivKey victimKey = Ed25519.fromIndex(10);
    private final PrivKey attackerKey = Ed25519.fromIndex(11);
    private Host victim;
    private Host goodPeer;
    private InetSocketAddress address;
    private Multiaddr dialAddr;

    @BeforeEach
    void start() throws Exception {
        victim = host(victimKey);
        new PingService(victim);
        Multiaddr bound = victim.listen(Multiaddr.parse("/ip4/127.0.0.1/tcp/0")).get(10, TimeUnit.SECONDS);
        address = bound.socketAddress();
        dialAddr = bound.withPeerId(victim.peerId());
        goodPeer = host(Ed25519.fromIndex(12));
        new PingService(goodPeer);
    }

    @AfterEach
    void stop() throws Exception {
        goodPeer.close().get(10, TimeUnit.SECONDS);
        victim.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void garbageInsteadOfMultistream() throws Exception {
        try (RawClient c = new RawClient(address)) {
            c.sendRaw("GET / HTTP/1.1\r\nHost: example\r\n\r\n".repeat(8).getBytes(StandardCharsets.US_ASCII));
            assertTrue(c.closedByRemote(CLOSE_WITHIN));
        }
        assertFailureCounted(FailureKind.MULTISTREAM);
        assertStillServing();
    }

    @Test
    void noiseFrameOfTheMaximumLengthThatIsNotAHandshakeMessage() throws Exception {
        try (RawClient c = new RawClient(address)) {
            c.selectRaw("/noise");
            // 65535 bytes announced and sent where a 32-byte ephemeral key belongs, then more junk.
            c.sendFrame(new byte[65535]);
            c.sendRaw(new byte[4096]);
            assertTrue(c.closedByRemote(CLOSE_WITHIN));
        }
        assertFailureCounted(FailureKind.SECURITY);
        assertStillServing();
    }

    @Test
    void noiseTransportFrameOfTheMaximumLengthThatFailsAuthentication() throws Exception {
        try (RawClient c = new RawClient(address)) {
            c.selectRaw("/noise");
            c.handshake(NoiseHandshake.initiator(attackerKey, victim.peerId()));
            c.sendFrame(new byte[65535]);
            assertTrue(c.closedByRemote(CLOSE_WITHIN));
        }
        assertFailureCounted(FailureKind.SECURITY);
        assertStillServing();
    }

    @Test
    void noiseSignatureThatDoesNotMatchTheStaticKey() throws Exception {
        try (RawClient c = new RawClient(address)) {
            c.selectRaw("/noise");
            c.handshake(LyingHandshakes.initiatorSigningTheWrongStaticKey(attackerKey, victim.peerId()));
            assertTrue(c.closedByRemote(CLOSE_WITHIN));
        }
        assertFailureCounted(FailureKind.SECURITY);
        assertStillServing();
    }

    @Test
    void dialerRefusesAListenerWhosePeerIdIsNotTheOneDialed() throws Exception {
        PeerId someoneElse = PeerId.fromPubKey(Ed25519.fromIndex(77).publicKey());
        CompletionException e = assertThrows(CompletionException.class,
                () -> goodPeer.dial(Multiaddr.tcp(address).withPeerId(someoneElse)).join());
        assertTrue(e.getCause() instanceof DialException, e.toString());
        assertTrue(e.getCause().getMessage().contains("proved to be " + victim.peerId()), e.getCause().getMessage());
        assertEquals(1, goodPeer.failureCount(FailureKind.SECURITY));
        assertStillServing();
    }

    @Test
    void yamuxFrameOfUnknownType() throws Exception {
        try (RawClient c = securedYamuxClient()) {
            c.sendSecure(yamuxHeader(7, 0, 0, 0));
            assertTrue(c.closedByRemote(CLOSE_WITHIN));
        }
        assertFailureCounted(FailureKind.MUXER);
        assertStillServing();
    }

    @Test
    void yamuxPeerThatOverrunsItsWindow() throws Exception {
        try (RawClient c = securedYamuxClient()) {
            // One data frame that opens stream 1 (SYN) and carries more than the 256 KiB every
            // stream starts with; it spans several Noise messages, as yamux frames may.
            int overrun = 256 * 1024 + 1;
            c.sendSecure(yamuxHeader(0, 0x1, 1, overrun));
            try {
                for (int sent = 0; sent < overrun; sent += 60_000) {
                    c.sendSecure(new byte[Math.min(60_000, overrun - sent)]);
                }
            } catch (SocketException closedAtTheHeader) {
                // The header alone announces the overrun: the victim may close before the payload.
            }
            assertTrue(c.closedByRemote(CLOSE_WITHIN));
        }
        assertFailureCounted(FailureKind.MUXER);
        assertStillServing();
    }

    /** go-yamux checks the window at the header: the 16 MiB payload never has to arrive to be refused. */
    @Test
    void yamuxHeaderBeyondTheWindowClosesTheConnectionBeforeItsPayload() throws Exception {
        try (RawClient c = securedYamuxClient()) {
            c.sendSecure(yamuxHeader(0, 0x1, 1, 16 << 20));
            assertTrue(c.closedByRemote(CLOSE_WITHIN), "closed on the header alone");
        }
        assertFailureCounted(FailureKind.MUXER);
        assertStillServing();
    }

    /**
     * A peer that floods yamux pings and reads nothing: each ping asks for a 12-byte answer, 24 MiB
     * of answers in all, far more than the kernel's socket buffers hold. The answers stop once
     * the connection's outbound buffer is full, and it stays within 1 MiB.
     */
    @Test
    void yamuxPingsFromAPeerThatReadsNothingCannotGrowOurOutboundBuffer() throws Exception {
        try (RawClient c = securedYamuxClient()) {
            c.receiveBufferBytes(4096);
            byte[] pings = new byte[5000 * 12];
            for (int i = 0; i < 5000; i++) System.arraycopy(yamuxHeader(2, 0x1, 0, i), 0, pings, i * 12, 12);
            // The flood runs on its own thread: once the victim stops reading (its push-back) a
            // send blocks, and only closing the socket ends it. It stops short of the victim's
            // 30 s keepalive (on a slow host, with paranoid leak detection, the victim works
            // through about 50,000 pings a second); 20 rounds, 1.2 MB of answers, are already far
            // beyond what a socket whose reader advertises a 4 KiB window takes.
            AtomicInteger rounds = new AtomicInteger();
            Thread flood = new Thread(() -> {
                try {
                    while (rounds.get() < 400) {
                        c.sendSecure(pings);
                        rounds.incrementAndGet();
                    }
                } catch (IOException closed) {
                    // closed below once the flood's time is up
                }
            }, "ping-flood");
            flood.start();
            long peak = 0;
            long floodEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (flood.isAlive() && System.nanoTime() - floodEnd < 0) {
                peak = Math.max(peak, victimOutboundBytes());
                Thread.sleep(10);
            }
            for (int i = 0; i < 20; i++) {
                Thread.sleep(10);
                peak = Math.max(peak, victimOutboundBytes());
            }
            c.closeSocket();
            flood.join(5000);
            assertTrue(rounds.get() >= 20, "only " + rounds.get() * 5000 + " pings sent");
            System.out.println("BadInputTest: " + rounds.get() * 5000 + " pings unread: victim's outbound buffer peaked at " + peak + " bytes");
            assertTrue(peak <= 1 << 20, "outbound buffer peaked at " + peak + " bytes");
        }
        assertStillServing();
    }

    /** The ping protocol echoes one 32-byte payload at a time: a stream that writes without reading is reset. */
    @Test
    void aPingStreamThatWritesWithoutReadingIsResetNotEchoedForever() throws Exception {
        try (RawClient c = securedYamuxClient()) {
            c.receiveBufferBytes(4096);
            c.sendSecure(yamuxHeader(1, 0x1, 1, 16 << 20)); // opens stream 1 granting us 16 MiB more window
            ByteBuf select = Unpooled.buffer();
            MultistreamMessages.write(select, MultistreamMessages.HEADER);
            MultistreamMessages.write(select, PingService.PROTOCOL);
            byte[] selectBytes = new byte[select.readableBytes()];
            select.readBytes(selectBytes);
            select.release();
            byte[] frame = new byte[12 + selectBytes.length];
            System.arraycopy(yamuxHeader(0, 0, 1, selectBytes.length), 0, frame, 0, 12);
            System.arraycopy(selectBytes, 0, frame, 12, selectBytes.length);
            c.sendSecure(frame);
            byte[] junk = new byte[12 + 60_000];
            System.arraycopy(yamuxHeader(0, 0, 1, 60_000), 0, junk, 0, 12);
            long peak = 0;
            for (int i = 0; i < 200; i++) { // 12 MB written, within the 16 MiB + 256 KiB we may send
                c.sendSecure(junk);
                peak = Math.max(peak, victimOutboundBytes());
            }
            System.out.println("BadInputTest: 12 MB to an unread ping stream: victim's outbound buffer peaked at " + peak + " bytes");
            assertTrue(peak <= 1 << 20, "outbound buffer peaked at " + peak + " bytes");
        }
        assertStillServing();
    }

    @Test
    void dialToAClosedPortFailsClearlyAndQuickly() throws Exception {
        // A bound socket that never listens: connects to it are refused, and no other process
        // (nor the kernel's choice of our own ephemeral port, which can self-connect) takes the
        // port while the test runs.
        try (SocketChannel bound = SocketChannel.open()) {
            bound.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int closedPort = ((InetSocketAddress) bound.getLocalAddress()).getPort();
            assertDialRefused(Multiaddr.parse("/ip4/127.0.0.1/tcp/" + closedPort).withPeerId(victim.peerId()));
        }
    }

    private void assertDialRefused(Multiaddr nobody) {
        long start = System.nanoTime();
        CompletionException e = assertThrows(CompletionException.class, () -> goodPeer.dial(nobody).join());
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        String message = e.getCause().getMessage();
        assertTrue(message.contains(nobody.toString()) && message.toLowerCase().contains("refused"), message);
        // Bounded by the handshake timeout, not by luck: a refused connect fails far sooner.
        assertTrue(elapsedMs < ConnectionLimits.DEFAULT.handshakeTimeout().toMillis(), "took " + elapsedMs + " ms");
        assertEquals(1, goodPeer.failureCount(FailureKind.TRANSPORT));
    }

    /** What the victim's connections hold for their sockets, summed. */
    private long victimOutboundBytes() {
        long sum = 0;
        for (Connection c : victim.connections()) {
            if (c instanceof YamuxConnection y) sum += y.outboundBufferedBytes();
        }
        return sum;
    }

    private RawClient securedYamuxClient() throws Exception {
        RawClient c = new RawClient(address);
        c.selectRaw("/noise");
        c.handshake(NoiseHandshake.initiator(attackerKey, victim.peerId()));
        c.selectSecure("/yamux/1.0.0");
        return c;
    }

    private static byte[] yamuxHeader(int type, int flags, int streamId, int length) {
        ByteBuf b = Unpooled.buffer(12).writeByte(0).writeByte(type).writeShort(flags).writeInt(streamId).writeInt(length);
        byte[] bytes = new byte[12];
        b.readBytes(bytes);
        b.release();
        return bytes;
    }

    private void assertFailureCounted(FailureKind kind) throws InterruptedException {
        long deadline = System.nanoTime() + CLOSE_WITHIN.toNanos();
        while (victim.failureCount(kind) == 0 && System.nanoTime() < deadline) Thread.sleep(20);
        assertEquals(1, victim.failureCount(kind), kind + " failures");
        for (FailureKind other : FailureKind.values()) {
            if (other != kind) assertEquals(0, victim.failureCount(other), other + " failures");
        }
    }

    /** A well-behaved peer connects and gets ten pings answered. */
    private void assertStillServing() throws Exception {
        Connection c = goodPeer.dial(dialAddr).get(10, TimeUnit.SECONDS);
        List<Duration> rtts = new PingService(goodPeer).ping(c, 10, rtt -> {}).get(10, TimeUnit.SECONDS);
        assertEquals(10, rtts.size());
    }

    private static Host host(PrivKey key) {
        return new Host(key, ConnectionLimits.DEFAULT, List.of(ctx -> new TcpTransport(ctx, TcpConfig.DEFAULT.withIoThreads(1))));
    }
}
