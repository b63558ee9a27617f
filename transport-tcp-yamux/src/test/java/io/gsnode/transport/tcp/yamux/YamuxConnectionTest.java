package io.gsnode.transport.tcp.yamux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The yamux session against a scripted remote, frame by frame, on an EmbeddedChannel. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class YamuxConnectionTest {

    private static final int KIB = 1024;
    private static final int MIB = 1024 * KIB;

    /** A frame as the remote sees it on the wire. */
    private record Wire(int type, int flags, int streamId, long length, int dataBytes) {}

    private EmbeddedChannel channel;
    private YamuxConnection session;
    private final List<Stream> accepted = new ArrayList<>();
    private final AtomicLong consumed = new AtomicLong();

    /** A session that dialed (our streams odd, the remote's even) and consumes whatever arrives. */
    private void start(ConnectionLimits limits) {
        channel = new EmbeddedChannel();
        PeerId remote = PeerId.fromPubKey(Ed25519.fromIndex(5).publicKey());
        session = new YamuxConnection(channel, new YamuxConnection.Identity(remote, null, "noise", true), Direction.OUTBOUND,
                YamuxConfig.DEFAULT, limits, Multiaddr.parse("/ip4/127.0.0.1/tcp/1"), Multiaddr.parse("/ip4/127.0.0.1/tcp/2"));
        session.setInboundStreamAcceptor(stream -> {
            accepted.add(stream);
            stream.setHandler((s, data) -> consumed.addAndGet(data.readableBytes()));
        });
        channel.pipeline().addLast(session.newDecoder(), session);
    }

    @AfterEach
    void finish() {
        channel.finishAndReleaseAll();
    }

    @Test
    void pingsAtStartAndAnswersPingsWithTheSameValue() {
        start(ConnectionLimits.DEFAULT);
        Wire ours = only(outbound());
        assertEquals(YamuxFrame.TYPE_PING, ours.type());
        assertEquals(YamuxFrame.FLAG_SYN, ours.flags());
        channel.writeInbound(header(YamuxFrame.TYPE_PING, YamuxFrame.FLAG_SYN, 0, 0xCAFEBABEL));
        assertEquals(new Wire(YamuxFrame.TYPE_PING, YamuxFrame.FLAG_ACK, 0, 0xCAFEBABEL, 0), only(outbound()));
    }

    /**
     * go-yamux's updates, amounts included: once half the window is read the credit is topped up,
     * and when the previous update is less than four round trips old the window doubles and only
     * the growth is announced (go credits the top-up but overwrites its delta). So the sender's
     * window, after each update, is the new window less the unannounced top-ups: 384 KiB where the
     * receiver's books say 512 KiB, and 8 MiB + 128 KiB at go-libp2p's 16 MiB maximum.
     */
    @Test
    void receiveWindowDoublesUpToSixteenMibAnnouncingOnlyTheGrowthAsGoYamuxDoes() throws Exception {
        start(ConnectionLimits.DEFAULT);
        outbound();
        // Answer our RTT ping late, so that every later update falls well inside 4 round trips.
        Thread.sleep(500);
        channel.writeInbound(header(YamuxFrame.TYPE_PING, YamuxFrame.FLAG_ACK, 0, 1));
        List<Long> announced = new ArrayList<>();
        List<Long> windows = pumpStream(2, 96L * MIB, announced);
        assertEquals(List.of(256L * KIB, 512L * KIB, 1L * MIB, 2L * MIB, 4L * MIB, 8L * MIB), announced.subList(0, 6),
                "each growth announced alone: " + announced);
        assertEquals(List.of(384L * KIB, 640L * KIB, 1152L * KIB, 2176L * KIB, 4224L * KIB, 8320L * KIB), windows.subList(0, 6),
                "the sender's window after each update: " + windows);
        for (long w : windows.subList(6, windows.size())) {
            assertEquals(8320L * KIB, w, "at the 16 MiB maximum every update tops up half the window: " + windows);
        }
        assertEquals(96L * MIB, consumed.get());
    }

    @Test
    void receiveWindowStaysAt256KibWithoutAnRttSample() {
        start(ConnectionLimits.DEFAULT);
        outbound(); // our ping stays unanswered: no RTT, so go's rule never grows the window
        List<Long> windows = pumpStream(2, 8L * MIB, new ArrayList<>());
        assertFalse(windows.isEmpty());
        for (long w : windows) assertEquals(256L * KIB, w, "windows: " + windows);
    }

    @Test
    void dataBeyondTheWindowIsAProtocolErrorAnsweredWithGoAway() {
        start(ConnectionLimits.DEFAULT);
        outbound();
        channel.writeInbound(header(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_SYN, 2, 0));
        outbound();
        ByteBuf tooMuch = header(YamuxFrame.TYPE_DATA, 0, 2, 256 * KIB + 1).writeBytes(new byte[256 * KIB + 1]);
        DecoderException e = assertThrows(DecoderException.class, () -> channel.writeInbound(tooMuch));
        assertTrue(e.getCause() instanceof YamuxException && e.getCause().getMessage().contains("overran its receive window"), e.toString());
        Wire goAway = only(outbound());
        assertEquals(new Wire(YamuxFrame.TYPE_GO_AWAY, 0, 0, YamuxFrame.GO_AWAY_PROTOCOL_ERROR, 0), goAway);
    }

    /** go-yamux checks the window at the header: a peer cannot make us buffer what it may not send. */
    @Test
    void aHeaderBeyondTheWindowIsRefusedBeforeAnyOfItsPayloadArrives() {
        start(ConnectionLimits.DEFAULT);
        outbound();
        // A SYN data frame may carry the 256 KiB every stream starts with: 16 MiB is refused at its 12 bytes.
        DecoderException e = assertThrows(DecoderException.class,
                () -> channel.writeInbound(header(YamuxFrame.TYPE_DATA, YamuxFrame.FLAG_SYN, 2, 16L * MIB)));
        assertTrue(e.getCause().getMessage().contains("overran its receive window"), e.toString());
        assertEquals(new Wire(YamuxFrame.TYPE_GO_AWAY, 0, 0, YamuxFrame.GO_AWAY_PROTOCOL_ERROR, 0), only(outbound()));

        // On an open stream, what is left of its window counts: 100 KiB sent (less than half the
        // window, so no update yet), 156 KiB left.
        finish();
        accepted.clear();
        start(ConnectionLimits.DEFAULT);
        outbound();
        channel.writeInbound(header(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_SYN, 2, 0));
        channel.writeInbound(header(YamuxFrame.TYPE_DATA, 0, 2, 100 * KIB).writeBytes(new byte[100 * KIB]));
        e = assertThrows(DecoderException.class, () -> channel.writeInbound(header(YamuxFrame.TYPE_DATA, 0, 2, 156 * KIB + 1)));
        assertTrue(e.getCause().getMessage().contains("a 159745-byte data frame announced, 159744 allowed"), e.toString());
    }

    @Test
    void dataForAStreamThatIsGoneIsSkippedAsItArrivesAndFramingGoesOn() {
        start(ConnectionLimits.DEFAULT);
        outbound();
        // Stream 4 was never opened (or is long closed): its 200 KiB arrive in pieces and are dropped.
        channel.writeInbound(header(YamuxFrame.TYPE_DATA, 0, 4, 200 * KIB).writeBytes(new byte[50 * KIB]));
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[100 * KIB]));
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[50 * KIB]), header(YamuxFrame.TYPE_PING, YamuxFrame.FLAG_SYN, 0, 77));
        assertEquals(new Wire(YamuxFrame.TYPE_PING, YamuxFrame.FLAG_ACK, 0, 77, 0), only(outbound()));
        assertTrue(accepted.isEmpty());
        assertTrue(channel.isActive());
    }

    @Test
    void unknownFrameTypeIsAProtocolErrorAnsweredWithGoAway() {
        start(ConnectionLimits.DEFAULT);
        outbound();
        DecoderException e = assertThrows(DecoderException.class, () -> channel.writeInbound(header(4, 0, 0, 0)));
        assertTrue(e.getCause() instanceof YamuxException && e.getCause().getMessage().contains("unknown type 4"), e.toString());
        assertEquals(new Wire(YamuxFrame.TYPE_GO_AWAY, 0, 0, YamuxFrame.GO_AWAY_PROTOCOL_ERROR, 0), only(outbound()));
    }

    @Test
    void anotherVersionIsAProtocolError() {
        start(ConnectionLimits.DEFAULT);
        ByteBuf v1 = header(YamuxFrame.TYPE_PING, YamuxFrame.FLAG_SYN, 0, 1).setByte(0, 1);
        DecoderException e = assertThrows(DecoderException.class, () -> channel.writeInbound(v1));
        assertTrue(e.getCause().getMessage().contains("version 1"), e.toString());
    }

    @Test
    void aStreamOpenedWithTheWrongParityIsAProtocolError() {
        start(ConnectionLimits.DEFAULT);
        // We dialed, so odd IDs are ours; the remote may not open stream 3.
        YamuxException e = assertThrows(YamuxException.class,
                () -> channel.writeInbound(header(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_SYN, 3, 0)));
        assertTrue(e.getMessage().contains("wrong parity"), e.getMessage());
    }

    @Test
    void streamsBeyondTheLimitAreResetAndTheSessionGoesOn() {
        start(new ConnectionLimits(8, 2, 1 << 20, Duration.ofSeconds(10)));
        outbound();
        for (int id = 2; id <= 6; id += 2) channel.writeInbound(header(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_SYN, id, 0));
        List<Wire> out = outbound();
        assertEquals(List.of(
                new Wire(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_ACK, 2, 0, 0),
                new Wire(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_ACK, 4, 0, 0),
                new Wire(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_RST, 6, 0, 0)), out);
        assertEquals(2, accepted.size());
        assertTrue(channel.isActive());
    }

    /** A paused reader (the router's backlog is full, issue 18 #8) holds the data and the remote's credit. */
    @Test
    void aPausedStreamReturnsNoWindowUntilItResumes() {
        start(ConnectionLimits.DEFAULT);
        session.setInboundStreamAcceptor(stream -> {
            accepted.add(stream);
            stream.setHandler((s, data) -> consumed.addAndGet(data.readableBytes()));
            stream.pauseReading();
        });
        outbound();
        channel.writeInbound(header(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_SYN, 2, 0));
        outbound();
        channel.writeInbound(header(YamuxFrame.TYPE_DATA, 0, 2, 200 * KIB).writeBytes(new byte[200 * KIB]));

        assertEquals(0, consumed.get(), "nothing handed to the paused reader");
        assertTrue(outbound().stream().noneMatch(w -> w.type() == YamuxFrame.TYPE_WINDOW_UPDATE), "no credit returned");

        accepted.get(0).resumeReading();
        assertEquals(200 * KIB, consumed.get());
        assertTrue(outbound().stream().anyMatch(w -> w.type() == YamuxFrame.TYPE_WINDOW_UPDATE && w.streamId() == 2),
                "the window reopens as the reader takes the data");
    }

    @Test
    void sendingRespectsTheRemoteWindowAndTheFrameSize() throws Exception {
        start(ConnectionLimits.DEFAULT);
        outbound();
        Stream stream = session.openStream().get(1, TimeUnit.SECONDS);
        var done = stream.write(Unpooled.wrappedBuffer(new byte[MIB]));
        List<Wire> out = outbound();
        assertEquals(new Wire(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_SYN, 1, 0, 0), out.get(0), "open with SYN");
        long sent = out.stream().filter(w -> w.type() == YamuxFrame.TYPE_DATA).mapToLong(Wire::length).sum();
        assertEquals(256L * KIB, sent, "exactly the initial window goes out");
        assertTrue(out.stream().allMatch(w -> w.length() <= YamuxConfig.DEFAULT.maxFramePayload() || w.type() != YamuxFrame.TYPE_DATA));
        assertFalse(done.isDone(), "the write waits for window");
        channel.writeInbound(header(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_ACK, 1, 768L * KIB));
        sent += outbound().stream().mapToLong(Wire::length).sum();
        assertEquals(MIB, sent);
        assertTrue(done.isDone());
    }

    @Test
    void writesBeyondTheQueueLimitFailWithoutResettingTheStream() throws Exception {
        start(new ConnectionLimits(8, 8, 1 << 20, Duration.ofSeconds(10)));
        outbound();
        Stream stream = session.openStream().get(1, TimeUnit.SECONDS);
        // 256 KiB leave at once (the initial window); 512 KiB wait in the 1 MiB queue.
        assertFalse(stream.write(Unpooled.wrappedBuffer(new byte[768 * KIB])).isDone());
        var refused = stream.write(Unpooled.wrappedBuffer(new byte[600 * KIB]));
        ExecutionException e = assertThrows(ExecutionException.class, () -> refused.get(1, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof ProtocolViolation v && v.kind() == FailureKind.LIMIT, e.toString());
        channel.writeInbound(header(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_ACK, 1, MIB));
        assertTrue(stream.write(Unpooled.wrappedBuffer(new byte[1])).isDone(), "room again once the queue drained");
    }

    @Test
    void goAwayFromTheRemoteStopsNewStreams() {
        start(ConnectionLimits.DEFAULT);
        channel.writeInbound(header(YamuxFrame.TYPE_GO_AWAY, 0, 0, YamuxFrame.GO_AWAY_NORMAL));
        CompletionException e = assertThrows(CompletionException.class, () -> session.openStream().join());
        assertTrue(e.getCause().getMessage().contains("go-away"), e.getCause().getMessage());
    }

    @Test
    void anUnansweredKeepalivePingClosesTheSession() {
        start(ConnectionLimits.DEFAULT);
        outbound();
        channel.advanceTimeBy(YamuxConfig.DEFAULT.keepAliveInterval().toMillis() + 1, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertFalse(channel.isActive());
        assertTrue(session.closeFuture().isDone());
    }

    /**
     * Plays a remote that opens stream {@code id} and sends {@code total} bytes in 64 KiB frames,
     * never more than we announced. Returns its send window after each of our updates, and adds
     * each update's amount to {@code announced}.
     */
    private List<Long> pumpStream(int id, long total, List<Long> announced) {
        channel.writeInbound(header(YamuxFrame.TYPE_WINDOW_UPDATE, YamuxFrame.FLAG_SYN, id, 0));
        outbound();
        long granted = 256L * KIB;
        long sent = 0;
        List<Long> windows = new ArrayList<>();
        while (sent < total) {
            int chunk = (int) Math.min(Math.min(64 * KIB, granted - sent), total - sent);
            assertTrue(chunk > 0, "remote is stuck without window after " + sent + " bytes");
            channel.writeInbound(header(YamuxFrame.TYPE_DATA, 0, id, chunk).writeBytes(new byte[chunk]));
            sent += chunk;
            for (Wire w : outbound()) {
                if (w.type() == YamuxFrame.TYPE_WINDOW_UPDATE && w.streamId() == id) {
                    granted += w.length();
                    announced.add(w.length());
                    windows.add(granted - sent);
                }
            }
        }
        return windows;
    }

    private List<Wire> outbound() {
        List<Wire> frames = new ArrayList<>();
        ByteBuf all = Unpooled.buffer();
        ByteBuf b;
        while ((b = channel.readOutbound()) != null) {
            all.writeBytes(b);
            b.release();
        }
        while (all.readableBytes() >= YamuxFrame.HEADER_BYTES) {
            int type = all.getUnsignedByte(all.readerIndex() + 1);
            int flags = all.getUnsignedShort(all.readerIndex() + 2);
            int streamId = all.getInt(all.readerIndex() + 4);
            long length = all.getUnsignedInt(all.readerIndex() + 8);
            all.skipBytes(YamuxFrame.HEADER_BYTES);
            int data = type == YamuxFrame.TYPE_DATA ? (int) length : 0;
            all.skipBytes(data);
            frames.add(new Wire(type, flags, streamId, length, data));
        }
        all.release();
        return frames;
    }

    private static Wire only(List<Wire> frames) {
        assertEquals(1, frames.size(), frames.toString());
        return frames.get(0);
    }

    private static ByteBuf header(int type, int flags, int streamId, long length) {
        return Unpooled.buffer().writeByte(0).writeByte(type).writeShort(flags).writeInt(streamId).writeInt((int) length);
    }
}
