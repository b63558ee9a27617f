package io.gsnode.netns.delay;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** One bulk TCP flow between two namespaces: a sender writing as fast as it can, a receiver timing what arrives. */
final class TcpFlow {

    static final int PORT = 5201;

    private TcpFlow() {
    }

    /**
     * Sends for {@code seconds} from {@code fromIp} (in {@code fromNs}) to {@code toIp} (in
     * {@code toNs}) and returns the receiver's goodput in bit/s over the window from
     * {@code skipSeconds} after the first byte to the end, TCP/IP headers not counted.
     */
    static double goodputBps(Path fromNs, String fromIp, Path toNs, String toIp, double skipSeconds, double seconds)
            throws Exception {
        CompletableFuture<ServerSocketChannel> listening = new CompletableFuture<>();
        CompletableFuture<Double> received = InNamespace.start(toNs, "tcp-receiver", () -> {
            try (ServerSocketChannel server = ServerSocketChannel.open()) {
                server.bind(new InetSocketAddress(InetAddress.getByName(toIp), PORT));
                listening.complete(server);
                try (SocketChannel c = server.accept()) {
                    ByteBuffer buf = ByteBuffer.allocateDirect(1 << 16);
                    long first = 0;
                    long windowStart = 0;
                    long windowBytes = 0;
                    long last = 0;
                    while (true) {
                        buf.clear();
                        int r = c.read(buf);
                        if (r < 0) break;
                        long now = System.nanoTime();
                        if (first == 0) first = now;
                        if (now - first >= (long) (skipSeconds * 1e9)) {
                            if (windowStart == 0) windowStart = now;
                            else windowBytes += r;
                            last = now;
                        }
                    }
                    if (windowStart == 0 || last <= windowStart) throw new IOException("the flow carried nothing after the skip");
                    return windowBytes * 8 / ((last - windowStart) / 1e9);
                }
            }
        });
        listening.get(10, TimeUnit.SECONDS);
        InNamespace.start(fromNs, "tcp-sender", () -> {
            try (SocketChannel c = SocketChannel.open()) {
                c.bind(new InetSocketAddress(InetAddress.getByName(fromIp), 0));
                c.connect(new InetSocketAddress(InetAddress.getByName(toIp), PORT));
                ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 16);
                long end = System.nanoTime() + (long) (seconds * 1e9);
                while (System.nanoTime() < end) {
                    chunk.clear();
                    c.write(chunk);
                }
            }
            return null;
        }).get((long) seconds + 30, TimeUnit.SECONDS);
        return received.get(30, TimeUnit.SECONDS);
    }
}
