package io.gsnode.libp2p.ping;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.host.Host;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** Serves ping and pings peers: every 32-byte payload is echoed, its round trip timed. */
public final class PingService {

    public static final String PROTOCOL = "/ipfs/ping/1.0.0";
    static final int PAYLOAD_BYTES = 32;
    /**
     * A pinger waits for each echo before it sends the next 32 bytes (go-libp2p's handler reads
     * and writes one payload at a time), so this much unsent echo means a peer that writes without
     * reading: its stream is reset.
     */
    static final long MAX_OUTSTANDING_ECHO_BYTES = 64 * 1024;

    private final Host host;
    private final SecureRandom random = new SecureRandom();

    public PingService(Host host) {
        this.host = host;
        host.setProtocolHandler(PROTOCOL, stream -> stream.setHandler(new EchoHandler(MAX_OUTSTANDING_ECHO_BYTES)));
    }

    /**
     * Sends {@code count} pings over one stream, one after the other, reporting each round trip to
     * {@code each}; completes with all of them, or fails on the first that goes wrong.
     */
    public CompletableFuture<List<Duration>> ping(Connection connection, int count, Consumer<Duration> each) {
        if (count < 1) throw new IllegalArgumentException("ping count must be >= 1, was " + count);
        return host.newStream(connection, PROTOCOL).thenCompose(stream -> {
            Pinger pinger = new Pinger(count, each);
            stream.setHandler(pinger);
            stream.executor().execute(() -> pinger.sendNext(stream));
            return pinger.result;
        });
    }

    private final class Pinger implements StreamHandler {
        private final int count;
        private final Consumer<Duration> each;
        private final List<Duration> rtts = new ArrayList<>();
        private final CompletableFuture<List<Duration>> result = new CompletableFuture<>();
        private final ByteBuf received = Unpooled.buffer(PAYLOAD_BYTES);
        private byte[] payload;
        private long sentAt;

        Pinger(int count, Consumer<Duration> each) {
            this.count = count;
            this.each = each;
        }

        void sendNext(Stream stream) {
            payload = new byte[PAYLOAD_BYTES];
            random.nextBytes(payload);
            received.clear();
            sentAt = System.nanoTime();
            stream.write(ByteBufAllocator.DEFAULT.buffer(PAYLOAD_BYTES).writeBytes(payload));
        }

        @Override
        public void onData(Stream stream, ByteBuf data) {
            if (result.isDone()) return;
            if (data.readableBytes() > received.writableBytes()) {
                fail(stream, new IllegalStateException("ping reply longer than " + PAYLOAD_BYTES + " bytes"));
                return;
            }
            received.writeBytes(data);
            if (received.readableBytes() < PAYLOAD_BYTES) return;
            Duration rtt = Duration.ofNanos(System.nanoTime() - sentAt);
            if (!Arrays.equals(payload, ByteBufUtil.getBytes(received))) {
                fail(stream, new IllegalStateException("ping reply does not match the payload sent"));
                return;
            }
            rtts.add(rtt);
            each.accept(rtt);
            if (rtts.size() == count) {
                stream.closeWrite();
                result.complete(List.copyOf(rtts));
            } else {
                sendNext(stream);
            }
        }

        @Override
        public void onRemoteClose(Stream stream) {
            fail(stream, new IllegalStateException("ping stream closed by the remote after " + rtts.size() + " pings"));
        }

        @Override
        public void onReset(Stream stream, Throwable cause) {
            result.completeExceptionally(cause);
        }

        private void fail(Stream stream, Exception e) {
            if (result.completeExceptionally(e)) stream.reset();
        }
    }
}
