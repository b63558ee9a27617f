package io.gsnode.transport.tcp;

import io.gsnode.transport.tcp.yamux.YamuxConfig;

/**
 * TCP transport settings.
 *
 * @param ioThreads Netty event-loop threads shared by all connections
 * @param epoll use Linux epoll instead of NIO; off by default because Shadow needs NIO
 * @param yamux muxer settings
 * @param inMemory carry the connections over Netty's in-JVM local channels instead of sockets:
 *     the same Noise, yamux and libp2p pipeline with no byte on any network, for a node's JIT
 *     warm-up. Addresses keep their {@code /ip4/.../tcp/...} form and name a channel of this JVM.
 */
public record TcpConfig(int ioThreads, boolean epoll, YamuxConfig yamux, boolean inMemory) {

    public static final TcpConfig DEFAULT =
            new TcpConfig(Math.max(1, Runtime.getRuntime().availableProcessors()), false, YamuxConfig.DEFAULT, false);

    public TcpConfig {
        if (ioThreads < 1) throw new IllegalArgumentException("ioThreads must be >= 1, was " + ioThreads);
        if (inMemory && epoll) throw new IllegalArgumentException("an in-memory transport has no epoll");
    }

    public TcpConfig withEpoll(boolean on) {
        return new TcpConfig(ioThreads, on, yamux, inMemory);
    }

    public TcpConfig withIoThreads(int threads) {
        return new TcpConfig(threads, epoll, yamux, inMemory);
    }

    /** The same settings over in-JVM channels (see {@link #inMemory()}). */
    public TcpConfig withInMemory() {
        return new TcpConfig(ioThreads, false, yamux, true);
    }
}
