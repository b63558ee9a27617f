package io.gsnode.node.peer;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.ping.EchoHandler;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletableFuture;

/**
 * {@code /gsnode/echo/1.0.0}: the responder writes back every byte; the initiator sends N pattern
 * bytes while reading, and checks that the same bytes came back, in order.
 */
public final class EchoProtocol {

    public static final String PROTOCOL = "/gsnode/echo/1.0.0";

    /** {@code ok} when exactly the bytes sent came back; {@code millis} from stream open to EOF. */
    public record Result(long bytes, boolean ok, double millis) {}

    private final Host host;

    public EchoProtocol(Host host) {
        this.host = host;
        host.setProtocolHandler(PROTOCOL, stream -> stream.setHandler(new EchoHandler()));
    }

    public CompletableFuture<Result> echo(Connection connection, long bytes) {
        long start = System.nanoTime();
        return host.newStream(connection, PROTOCOL).thenCompose(stream -> {
            CompletableFuture<Result> result = new CompletableFuture<>();
            stream.setHandler(new Checker(result, bytes, start));
            PatternWriter.write(stream, bytes, null).whenComplete((v, e) -> {
                if (e != null) result.completeExceptionally(e);
            });
            return result;
        });
    }

    private static final class Checker implements StreamHandler {
        private final CompletableFuture<Result> result;
        private final long expected;
        private final long startNanos;
        private long received;
        private boolean intact = true;

        Checker(CompletableFuture<Result> result, long expected, long startNanos) {
            this.result = result;
            this.expected = expected;
            this.startNanos = startNanos;
        }

        @Override
        public void onData(Stream stream, ByteBuf data) {
            int n = data.readableBytes();
            for (int i = 0; i < n && intact; i++) {
                long at = received + i;
                intact = at < expected && data.getByte(data.readerIndex() + i) == TestPattern.at(at);
            }
            received += n;
        }

        @Override
        public void onRemoteClose(Stream stream) {
            result.complete(new Result(received, intact && received == expected, (System.nanoTime() - startNanos) / 1e6));
        }

        @Override
        public void onReset(Stream stream, Throwable cause) {
            result.completeExceptionally(cause);
        }
    }
}
