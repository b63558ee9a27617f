package io.gsnode.transport.tcp;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.PendingInbound;
import io.gsnode.libp2p.connection.Transport;
import io.gsnode.libp2p.connection.TransportContext;
import io.gsnode.libp2p.eventloop.NonSpinningEventLoopGroup;
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
import io.netty.channel.ServerChannel;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.channel.local.LocalServerChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Dials and listens on {@code /ip4|ip6/.../tcp/...} and upgrades each connection with {@link TcpUpgrade}.
 * With {@link TcpConfig#inMemory()} the same pipeline runs over Netty's local channels: an address
 * then names a channel inside this JVM and no socket is ever opened.
 */
public final class TcpTransport implements Transport {

    /**
     * Bytes a connection may hold above the kernel's socket buffer before yamux streams stop
     * sending (and pings go unanswered) until it drains to the low mark: a peer that stops reading
     * costs us at most this, plus one frame, plus its own control traffic.
     */
    static final WriteBufferWaterMark OUTBOUND_WATER_MARK = new WriteBufferWaterMark(256 * 1024, 512 * 1024);

    private final TransportContext context;
    private final TcpConfig config;
    private final EventLoopGroup group;
    private final Class<? extends Channel> channelClass;
    private final Class<? extends ServerChannel> serverChannelClass;
    private final PendingInbound pending;
    private final List<Channel> servers = new CopyOnWriteArrayList<>();
    private final WireByteCounter wireCounter;

    public TcpTransport(TransportContext context, TcpConfig config) {
        this.context = context;
        this.config = config;
        this.wireCounter = new WireByteCounter(context.wire());
        this.pending = new PendingInbound(context.limits());
        IoHandlerFactory io = config.inMemory() ? LocalIoHandler.newFactory()
                : config.epoll() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        // Task queues that never spin on another thread's half-done offer: under Shadow such a spin
        // stops the simulation (NonSpinningEventLoopGroup).
        this.group = new NonSpinningEventLoopGroup(config.ioThreads(), io);
        this.channelClass = config.inMemory() ? LocalChannel.class
                : config.epoll() ? EpollSocketChannel.class : NioSocketChannel.class;
        this.serverChannelClass = config.inMemory() ? LocalServerChannel.class
                : config.epoll() ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /** Where a multiaddr points: a socket, or in memory the local channel named after it. */
    private SocketAddress target(Multiaddr addr) {
        return config.inMemory() ? new LocalAddress(addr.toString()) : addr.socketAddress();
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
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(serverChannelClass)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        SocketAddress remote = ch.remoteAddress();
                        SocketAddress local = ch.localAddress();
                        String refusal = pending.admit(remote, local);
                        if (refusal != null) {
                            context.handler().onFailure(FailureKind.LIMIT, String.valueOf(remote), new IOException(refusal));
                            ch.close();
                            return;
                        }
                        ch.pipeline().addFirst(wireCounter);
                        TcpUpgrade.start(context, config.yamux(), ch, Direction.INBOUND, null)
                                .whenComplete((c, e) -> pending.release(remote, local));
                    }
                });
        bootstrap.childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, OUTBOUND_WATER_MARK);
        if (!config.inMemory()) {
            bootstrap.option(ChannelOption.SO_BACKLOG, 1024).childOption(ChannelOption.TCP_NODELAY, true);
        }
        CompletableFuture<Multiaddr> result = new CompletableFuture<>();
        bootstrap.bind(target(addr)).addListener((ChannelFuture f) -> {
            if (f.isSuccess()) {
                servers.add(f.channel());
                result.complete(config.inMemory() ? addr : Multiaddr.tcp((InetSocketAddress) f.channel().localAddress()));
            } else {
                result.completeExceptionally(new IOException("cannot listen on " + addr + ": " + f.cause().getMessage(), f.cause()));
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
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addFirst(wireCounter);
                        // Installed before connecting: the listener speaks first, and its bytes must find us ready.
                        TcpUpgrade.start(context, config.yamux(), ch, Direction.OUTBOUND, expected).whenComplete((c, e) -> {
                            if (e != null) result.completeExceptionally(e);
                            else result.complete(c);
                        });
                    }
                });
        bootstrap.option(ChannelOption.WRITE_BUFFER_WATER_MARK, OUTBOUND_WATER_MARK);
        if (!config.inMemory()) {
            bootstrap.option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) context.limits().handshakeTimeout().toMillis());
        }
        bootstrap.connect(target(addr)).addListener((ChannelFuture f) -> {
            // A failed connect is reported here: the upgrade watches for a close only once connected.
            if (!f.isSuccess()) result.completeExceptionally(f.cause());
        });
        return result;
    }

    @Override
    public CompletableFuture<Void> close() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        for (Channel server : servers) server.close();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).addListener(f -> done.complete(null));
        return done;
    }
}
