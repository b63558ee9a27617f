package io.gsnode.transport.tcp;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.Transport;
import io.gsnode.libp2p.connection.TransportContext;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.multiaddr.Protocol;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.gsnode.libp2p.eventloop.NonSpinningEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** Dials and listens on {@code /ip4|ip6/.../tcp/...} and upgrades each connection with {@link TcpUpgrade}. */
public final class TcpTransport implements Transport {

    private final TransportContext context;
    private final TcpConfig config;
    private final EventLoopGroup group;
    private final Class<? extends SocketChannel> channelClass;
    private final Class<? extends ServerChannel> serverChannelClass;
    private final List<Channel> servers = new CopyOnWriteArrayList<>();
    private final WireByteCounter wireCounter;

    public TcpTransport(TransportContext context, TcpConfig config) {
        this.context = context;
        this.config = config;
        this.wireCounter = new WireByteCounter(context.wire());
        IoHandlerFactory io = config.epoll() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        // Task queues that never spin on another thread's half-done offer: under Shadow such a spin
        // stops the simulation (NonSpinningEventLoopGroup).
        this.group = new NonSpinningEventLoopGroup(config.ioThreads(), io);
        this.channelClass = config.epoll() ? EpollSocketChannel.class : NioSocketChannel.class;
        this.serverChannelClass = config.epoll() ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    @Override
    public String name() {
        return "tcp";
    }

    @Override
    public boolean countsWireBytes() {
        return true;
    }

    @Override
    public boolean handles(Multiaddr addr) {
        return addr.has(Protocol.TCP) && (addr.has(Protocol.IP4) || addr.has(Protocol.IP6));
    }

    @Override
    public CompletableFuture<Multiaddr> listen(Multiaddr addr) {
        InetSocketAddress socket = addr.socketAddress();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(serverChannelClass)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addFirst(wireCounter);
                        TcpUpgrade.start(context, config.yamux(), ch, Direction.INBOUND, null);
                    }
                });
        CompletableFuture<Multiaddr> result = new CompletableFuture<>();
        bootstrap.bind(socket).addListener((ChannelFuture f) -> {
            if (f.isSuccess()) {
                servers.add(f.channel());
                result.complete(Multiaddr.tcp((InetSocketAddress) f.channel().localAddress()));
            } else {
                result.completeExceptionally(new java.io.IOException("cannot listen on " + addr + ": " + f.cause().getMessage(), f.cause()));
            }
        });
        return result;
    }

    @Override
    public CompletableFuture<Connection> dial(Multiaddr addr, PeerId expected) {
        CompletableFuture<Connection> result = new CompletableFuture<>();
        Bootstrap bootstrap = new Bootstrap()
                .group(group)
                .channel(channelClass)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) context.limits().handshakeTimeout().toMillis())
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addFirst(wireCounter);
                        // Installed before connecting: the listener speaks first, and its bytes must find us ready.
                        TcpUpgrade.start(context, config.yamux(), ch, Direction.OUTBOUND, expected).whenComplete((c, e) -> {
                            if (e != null) result.completeExceptionally(e);
                            else result.complete(c);
                        });
                    }
                });
        bootstrap.connect(addr.socketAddress()).addListener((ChannelFuture f) -> {
            // A failed connect is reported here: the upgrade watches for a close only once connected.
            if (!f.isSuccess()) result.completeExceptionally(f.cause());
        });
        return result;
    }

    @Override
    public CompletableFuture<Void> close() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        for (Channel server : servers) server.close();
        group.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS).addListener(f -> done.complete(null));
        return done;
    }
}
