package io.gsnode.transport.quic.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The pacing handler between the QUIC codec and the socket, on a frozen event-loop clock. */
class PacingHandlerTest {

    private static final int PACKET = 1250;
    private static final InetSocketAddress PACED = new InetSocketAddress("127.0.0.1", 4001);
    private static final InetSocketAddress OTHER = new InetSocketAddress("127.0.0.1", 4002);

    private final PacingHandler pacer = new PacingHandler(PACKET);
    private final EmbeddedChannel udp = new EmbeddedChannel(pacer);
    private final DefaultChannelPromise connectionClosed = new DefaultChannelPromise(udp);

    PacingHandlerTest() {
        udp.freezeTime();
        // 1.25 MB/s: one packet per millisecond after a burst of ten.
        pacer.track(PACED, p -> p.update(10 * PACKET, 12_500_000), connectionClosed);
    }

    @AfterEach
    void close() {
        udp.finishAndReleaseAll();
    }

    @Test
    void aBurstGoesAtOnceAndTheRestOnePacketPerMillisecondInOrder() {
        for (int i = 0; i < 15; i++) udp.writeAndFlush(packet(PACED, i));
        assertEquals(10, drain(0), "the burst");
        assertEquals(5, pacer.delayedPackets());
        for (int ms = 1; ms <= 5; ms++) {
            udp.advanceTimeBy(1, TimeUnit.MILLISECONDS);
            udp.runScheduledPendingTasks();
            assertEquals(1, drain(9 + ms), "one more at " + ms + " ms");
        }
        assertNull(udp.readOutbound());
    }

    @Test
    void anotherAddressIsNotHeldBehindAPacedOne() {
        for (int i = 0; i < 12; i++) udp.writeAndFlush(packet(PACED, i));
        drain(0);
        udp.writeAndFlush(packet(OTHER, 99));
        DatagramPacket other = udp.readOutbound();
        assertEquals(OTHER, other.recipient());
        other.release();
    }

    @Test
    void whatAClosedConnectionStillHeldGoesOutAtOnce() {
        for (int i = 0; i < 14; i++) udp.writeAndFlush(packet(PACED, i));
        drain(0);
        connectionClosed.setSuccess();
        assertEquals(4, drain(10), "the CONNECTION_CLOSE quiche queued last is not lost");
        for (int i = 0; i < 3; i++) udp.writeAndFlush(packet(PACED, 20 + i));
        assertEquals(3, drain(20), "and later packets to that address are no longer paced");
    }

    /** Reads what reached the socket, checking it is in order from {@code first}; returns how many. */
    private int drain(int first) {
        int n = 0;
        DatagramPacket p;
        while ((p = udp.readOutbound()) != null) {
            assertEquals(first + n, p.content().getInt(0), "packets keep their order");
            p.release();
            n++;
        }
        return n;
    }

    private static DatagramPacket packet(InetSocketAddress to, int seq) {
        return new DatagramPacket(Unpooled.buffer(PACKET).writeInt(seq).writerIndex(PACKET), to);
    }
}
