package io.gsnode.libp2p.testing;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.ping.EchoHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.CompletableFuture;

/**
 * Two protocols for moving bytes in tests, as {@code interop/PEER-PROTOCOL.md} defines them: a sink
 * that answers with the SHA-256 of everything it read, and an echo. Payload byte {@code i} is
 * {@code i % 251}, so no randomness is involved. Shared by the transports' tests.
 */
public final class TestProtocols {

    public static final String SINK = "/gsnode/transfer/1.0.0";
    public static final String ECHO = "/gsnode/echo/1.0.0";
    public static final int CHUNK = 64 * 1024;
    /** Bytes a sender keeps written but not yet taken by the transport. */
    private static final int IN_FLIGHT = 16 * CHUNK;

    private TestProtocols() {}

    /** Serves both protocols on {@code host}. */
    public static void serve(Host host) {
        host.setProtocolHandler(SINK, stream -> stream.setHandler(new Sink()));
        host.setProtocolHandler(ECHO, stream -> stream.setHandler(new EchoHandler()));
    }

    /** Sends {@code bytes} to the remote's sink; completes with the digest it answered. */
    public static CompletableFuture<byte[]> send(Host host, Connection conn, long bytes) {
        return host.newStream(conn, SINK).thenCompose(stream -> {
            Collector reply = new Collector();
            stream.setHandler(reply);
            stream.executor().execute(() -> new Sender(stream, bytes).next());
            return reply.done;
        });
    }

    /** Echoes {@code bytes} through the remote; completes with what came back. */
    public static CompletableFuture<byte[]> echo(Host host, Connection conn, int bytes) {
        return host.newStream(conn, ECHO).thenCompose(stream -> {
            Collector reply = new Collector();
            stream.setHandler(reply);
            stream.executor().execute(() -> new Sender(stream, bytes).next());
            return reply.done;
        });
    }

    /**
     * Opens an echo stream through the remote and leaves it open: completes once one byte has come
     * back, so that both sides hold the stream with a reader waiting on it.
     */
    public static CompletableFuture<Stream> holdEcho(Host host, Connection conn) {
        return host.newStream(conn, ECHO).thenCompose(stream -> {
            CompletableFuture<Stream> echoed = new CompletableFuture<>();
            stream.setHandler(new StreamHandler() {
                @Override
                public void onData(Stream s, ByteBuf data) {
                    echoed.complete(s);
                }

                @Override
                public void onReset(Stream s, Throwable cause) {
                    echoed.completeExceptionally(cause);
                }
            });
            stream.write(Unpooled.wrappedBuffer(new byte[] {1}));
            return echoed;
        });
    }

    /** The payload of {@code bytes} bytes. */
    public static byte[] payload(int bytes) {
        byte[] data = new byte[bytes];
        for (int i = 0; i < bytes; i++) data[i] = (byte) (i % 251);
        return data;
    }

    /** SHA-256 of the payload of {@code bytes} bytes. */
    public static byte[] payloadDigest(long bytes) {
        MessageDigest sha = sha256();
        byte[] chunk = new byte[CHUNK];
        for (long offset = 0; offset < bytes; offset += CHUNK) {
            int n = (int) Math.min(CHUNK, bytes - offset);
            fill(chunk, offset, n);
            sha.update(chunk, 0, n);
        }
        return sha.digest();
    }

    private static void fill(byte[] chunk, long offset, int n) {
        for (int i = 0; i < n; i++) chunk[i] = (byte) ((offset + i) % 251);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /** Writes the payload with a bound on bytes in flight, then half-closes. On the stream's executor. */
    private static final class Sender {
        private final Stream stream;
        private final long total;
        private long written;
        private long inFlight;
        private boolean closed;

        Sender(Stream stream, long total) {
            this.stream = stream;
            this.total = total;
        }

        void next() {
            while (written < total && inFlight < IN_FLIGHT) {
                int n = (int) Math.min(CHUNK, total - written);
                byte[] chunk = new byte[n];
                fill(chunk, written, n);
                written += n;
                inFlight += n;
                stream.write(Unpooled.wrappedBuffer(chunk)).whenComplete((v, e) -> stream.executor().execute(() -> {
                    inFlight -= n;
                    if (e == null) next();
                }));
            }
            if (written == total && inFlight == 0 && !closed) {
                closed = true;
                stream.closeWrite();
            }
        }
    }

    /** Reads the remote's answer to EOF. */
    private static final class Collector implements StreamHandler {
        final CompletableFuture<byte[]> done = new CompletableFuture<>();
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public void onData(Stream stream, ByteBuf data) {
            bytes.writeBytes(ByteBufUtil.getBytes(data));
        }

        @Override
        public void onRemoteClose(Stream stream) {
            done.complete(bytes.toByteArray());
        }

        @Override
        public void onReset(Stream stream, Throwable cause) {
            done.completeExceptionally(cause);
        }
    }

    /** Digests everything until EOF, answers with the digest and half-closes. */
    private static final class Sink implements StreamHandler {
        private final MessageDigest sha = sha256();

        @Override
        public void onData(Stream stream, ByteBuf data) {
            sha.update(data.nioBuffer());
        }

        @Override
        public void onRemoteClose(Stream stream) {
            stream.write(Unpooled.wrappedBuffer(sha.digest()));
            stream.closeWrite();
        }
    }
}
