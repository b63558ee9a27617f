package io.gsnode.transport.tcp;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.connection.TransportContext;
import io.gsnode.libp2p.fatal.FatalErrors;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.multistream.Negotiation;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.tcp.noise.NoiseFrames;
import io.gsnode.transport.tcp.noise.NoiseHandshake;
import io.gsnode.transport.tcp.noise.NoiseHandshakeHandler;
import io.gsnode.transport.tcp.yamux.YamuxConfig;
import io.gsnode.transport.tcp.yamux.YamuxConnection;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.local.LocalAddress;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a fresh TCP channel into a libp2p connection: {@code /noise} by multistream-select, the
 * Noise handshake, {@code /yamux/1.0.0} by multistream-select inside Noise, then a yamux session.
 * Each step adds the next step's handlers in front of the {@code errors} handler, which stays last:
 * whatever a handler throws ends there, is reported with the layer it broke, and closes the channel.
 */
final class TcpUpgrade {

    static final String NOISE = "/noise";
    static final String YAMUX = "/yamux/1.0.0";
    private static final String ERRORS = "errors";
    private static final Logger log = LoggerFactory.getLogger(TcpUpgrade.class);

    private final TransportContext context;
    private final YamuxConfig yamux;
    private final Channel channel;
    private final Direction direction;
    private final PeerId expected;
    /** Completed with the connection once the host has it; outbound dials wait on it. */
    private final CompletableFuture<Connection> result = new CompletableFuture<>();
    private ScheduledFuture<?> deadline;
    private YamuxConnection connection;
    /** One failure per connection: bytes already read may raise more errors after the first. */
    private boolean failed;

    private TcpUpgrade(TransportContext context, YamuxConfig yamux, Channel channel, Direction direction, PeerId expected) {
        this.context = context;
        this.yamux = yamux;
        this.channel = channel;
        this.direction = direction;
        this.expected = expected;
    }

    static CompletableFuture<Connection> start(
            TransportContext context, YamuxConfig yamux, Channel channel, Direction direction, PeerId expected) {
        TcpUpgrade upgrade = new TcpUpgrade(context, yamux, channel, direction, expected);
        upgrade.begin();
        return upgrade.result;
    }

    private void begin() {
        long limit = context.limits().handshakeTimeout().toMillis();
        deadline = channel.eventLoop().schedule(
                () -> fail(FailureKind.TRANSPORT, new TimeoutException("connection upgrade took longer than " + limit + " ms")),
                limit, TimeUnit.MILLISECONDS);
        if (channel.isActive()) {
            watchClose();
        } else {
            // A dial: until the connect succeeds, a close is the connect failing, and the
            // transport reports that cause ("Connection refused"), not a closed upgrade.
            channel.pipeline().addFirst(new ChannelInboundHandlerAdapter() {
                @Override
                public void channelActive(ChannelHandlerContext ctx) {
                    watchClose();
                    ctx.pipeline().remove(this);
                    ctx.fireChannelActive();
                }
            });
        }
        channel.pipeline().addLast(ERRORS, new ErrorHandler());
        channel.pipeline().addBefore(ERRORS, "mss-security", new MultistreamHandler(negotiation(NOISE), this::onSecurityNegotiated));
    }

    private void watchClose() {
        channel.closeFuture().addListener(f -> fail(FailureKind.TRANSPORT, new IOException("connection closed during upgrade")));
    }

    private Negotiation negotiation(String protocol) {
        return direction == Direction.OUTBOUND ? Negotiation.initiator(List.of(protocol)) : Negotiation.responder(Set.of(protocol));
    }

    private void onSecurityNegotiated(ChannelHandlerContext ctx, String protocol) {
        NoiseHandshake handshake = direction == Direction.OUTBOUND
                ? NoiseHandshake.initiator(context.identity(), expected)
                : NoiseHandshake.responder(context.identity());
        ctx.pipeline().addBefore(ERRORS, "noise-frames", NoiseFrames.decoder());
        ctx.pipeline().addBefore(ERRORS, "noise-handshake", new NoiseHandshakeHandler(handshake, this::onSecured));
    }

    private void onSecured(ChannelHandlerContext ctx, NoiseHandshake handshake) {
        PeerId remote = PeerId.fromPubKey(handshake.remoteIdentity());
        YamuxConnection.Identity identity = new YamuxConnection.Identity(remote, handshake.remoteIdentity(), "noise", true);
        ctx.pipeline().addBefore(ERRORS, "mss-muxer", new MultistreamHandler(negotiation(YAMUX),
                (c, p) -> onMuxerNegotiated(c, identity)));
    }

    private void onMuxerNegotiated(ChannelHandlerContext ctx, YamuxConnection.Identity identity) {
        deadline.cancel(false);
        connection = new YamuxConnection(channel, identity, direction, yamux, context.limits(),
                multiaddrOf(channel.localAddress()), multiaddrOf(channel.remoteAddress()));
        ctx.pipeline().addBefore(ERRORS, "yamux-frames", connection.newDecoder());
        ctx.pipeline().addBefore(ERRORS, "yamux", connection);
        // The host installs its stream acceptor here, before any frame behind this point is read.
        context.handler().onConnection(connection);
        result.complete(connection);
    }

    /**
     * A socket's multiaddr; an in-memory channel's is the name it was bound under, or, for the
     * dialling end (which Netty names itself), the unspecified address.
     */
    private static Multiaddr multiaddrOf(SocketAddress address) {
        if (address instanceof InetSocketAddress socket) return Multiaddr.tcp(socket);
        if (address instanceof LocalAddress local && local.id().startsWith("/")) return Multiaddr.parse(local.id());
        return Multiaddr.parse("/ip4/0.0.0.0/tcp/0");
    }

    private void fail(FailureKind kind, Throwable cause) {
        if (failed) return;
        failed = true;
        if (deadline != null) deadline.cancel(false);
        boolean upgrading = !result.isDone();
        if (upgrading) {
            result.completeExceptionally(cause);
        }
        if (channel.isOpen()) {
            channel.close();
        }
        boolean remoteAtFault = cause instanceof ProtocolViolation;
        if (remoteAtFault && (direction == Direction.INBOUND || !upgrading)) {
            context.handler().onFailure(kind, remoteName(), cause);
        } else if (!upgrading) {
            log.debug("connection {} closed: {}", connection, cause.toString());
        }
    }

    private String remoteName() {
        String addr = String.valueOf(channel.remoteAddress());
        return connection == null ? addr : connection.remotePeer() + "@" + addr;
    }

    /** Last in the pipeline: every exception ends here. */
    private final class ErrorHandler extends ChannelInboundHandlerAdapter {
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            FatalErrors.escalate(cause);
            Throwable root = cause instanceof DecoderException && cause.getCause() != null
                    ? cause.getCause() : cause;
            if (root instanceof TooLongFrameException) {
                root = new ProtocolViolation(FailureKind.SECURITY, "noise frame too long: " + root.getMessage());
            }
            FailureKind kind = root instanceof ProtocolViolation v ? v.kind() : FailureKind.TRANSPORT;
            fail(kind, root);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
            fail(FailureKind.TRANSPORT, new IllegalStateException("unhandled message reached the end of the pipeline"));
        }
    }
}
