package io.gsnode.transport.tcp;

import io.gsnode.transport.tcp.yamux.YamuxConfig;

/**
 * TCP transport settings.
 *
 * @param ioThreads Netty event-loop threads shared by all connections
 * @param epoll use Linux epoll instead of NIO; off by default because Shadow needs NIO
 * @param yamux muxer settings
 */
public record TcpConfig(int ioThreads, boolean epoll, YamuxConfig yamux) {

    public static final TcpConfig DEFAULT =
            new TcpConfig(Math.max(1, Runtime.getRuntime().availableProcessors()), false, YamuxConfig.DEFAULT);

    public TcpConfig {
        if (ioThreads < 1) throw new IllegalArgumentException("ioThreads must be >= 1, was " + ioThreads);
    }

    public TcpConfig withEpoll(boolean on) {
        return new TcpConfig(ioThreads, on, yamux);
    }

    public TcpConfig withIoThreads(int threads) {
        return new TcpConfig(threads, epoll, yamux);
    }
}
