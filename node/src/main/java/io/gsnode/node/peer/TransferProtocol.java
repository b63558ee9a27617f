package io.gsnode.node.peer;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.crypto.DataPathCrypto;
import io.gsnode.libp2p.host.Host;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;

/**
 * {@code /gsnode/transfer/1.0.0}: the initiator streams N pattern bytes and half-closes; the
 * responder answers with the SHA-256 of what it read. Proves bulk bytes arrive intact, and times them.
 */
public final class TransferProtocol {

    public static final String PROTOCOL = "/gsnode/transfer/1.0.0";
    private static final int DIGEST_BYTES = 32;

    /** What a finished transfer reports; {@code millis} as the contract defines it for each side. */
    public record Result(long bytes, String sha256, boolean match, double millis) {}

    /** Told of each transfer this host received. */
    public interface ReceiveListener {
        void onReceived(Connection connection, Result result);
    }

    private final Host host;

    public TransferProtocol(Host host, ReceiveListener listener) {
        this.host = host;
        host.setProtocolHandler(PROTOCOL, stream -> stream.setHandler(new Receiver(listener)));
    }

    /** Sends {@code bytes} pattern bytes; completes once the remote's digest arrived. */
    public CompletableFuture<Result> send(Connection connection, long bytes) {
        long start = System.nanoTime();
        return host.newStream(connection, PROTOCOL).thenCompose(stream -> {
            MessageDigest sent = sha256();
            CompletableFuture<Result> result = new CompletableFuture<>();
            stream.setHandler(new DigestReader(result, sent, bytes, start));
            PatternWriter.write(stream, bytes, sent).whenComplete((v, e) -> {
                if (e != null) result.completeExceptionally(e);
            });
            return result;
        });
    }

    static MessageDigest sha256() {
        return DataPathCrypto.process().newSha256();
    }

    /** The responder: digests everything to EOF, then answers with the digest. */
    private static final class Receiver implements StreamHandler {
        private final ReceiveListener listener;
        private final MessageDigest digest = sha256();
        private long bytes;
        private long firstByteNanos;

        Receiver(ReceiveListener listener) {
            this.listener = listener;
        }

        @Override
        public void onData(Stream stream, ByteBuf data) {
            if (bytes == 0) firstByteNanos = System.nanoTime();
            bytes += data.readableBytes();
            for (var b : data.nioBuffers()) digest.update(b);
        }

        @Override
        public void onRemoteClose(Stream stream) {
            double millis = bytes == 0 ? 0 : (System.nanoTime() - firstByteNanos) / 1e6;
            byte[] sum = digest.digest();
            stream.write(Unpooled.wrappedBuffer(sum));
            stream.closeWrite();
            listener.onReceived(stream.connection(), new Result(bytes, HexFormat.of().formatHex(sum), true, millis));
        }
    }

    /** The initiator's reader: the 32-byte digest, then EOF. */
    private static final class DigestReader implements StreamHandler {
        private final CompletableFuture<Result> result;
        private final MessageDigest sent;
        private final long bytes;
        private final long startNanos;
        private final ByteBuf received = Unpooled.buffer(DIGEST_BYTES);

        DigestReader(CompletableFuture<Result> result, MessageDigest sent, long bytes, long startNanos) {
            this.result = result;
            this.sent = sent;
            this.bytes = bytes;
            this.startNanos = startNanos;
        }

        @Override
        public void onData(Stream stream, ByteBuf data) {
            if (data.readableBytes() > received.writableBytes()) {
                result.completeExceptionally(new IllegalStateException("transfer reply longer than a 32-byte digest"));
                stream.reset();
                return;
            }
            received.writeBytes(data);
            if (received.readableBytes() == DIGEST_BYTES) {
                double millis = (System.nanoTime() - startNanos) / 1e6;
                byte[] ours = sent.digest();
                byte[] theirs = ByteBufUtil.getBytes(received);
                result.complete(new Result(bytes, HexFormat.of().formatHex(ours), MessageDigest.isEqual(ours, theirs), millis));
            }
        }

        @Override
        public void onRemoteClose(Stream stream) {
            if (!result.isDone()) {
                result.completeExceptionally(new IllegalStateException(
                        "transfer stream closed after " + received.readableBytes() + " of 32 digest bytes"));
            }
        }

        @Override
        public void onReset(Stream stream, Throwable cause) {
            result.completeExceptionally(cause);
        }
    }
}
