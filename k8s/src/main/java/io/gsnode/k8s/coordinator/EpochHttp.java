package io.gsnode.k8s.coordinator;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** The coordinator's HTTP on its event loop: the connection budget, the deadline and the two paths. */
final class EpochHttp {

    /** A request line, a header block, and the body a GET may carry: a node's question fits in a few hundred bytes. */
    static final int MAX_LINE = 1024;
    static final int MAX_HEADERS = 4096;
    static final int MAX_BODY = 1024;
    /** A question must arrive whole within this, or its connection is closed: a node's takes milliseconds. */
    static final Duration REQUEST_DEADLINE = Duration.ofSeconds(2);
    /** Connections held at once, and from one remote address (a node keeps one at a time). */
    static final int MAX_CONNECTIONS = 1024;
    static final int MAX_PER_ADDRESS = 8;

    private EpochHttp() {}

    /**
     * Counts connections in all and per remote address, and closes at once one past either bound.
     * Shared by every connection; all of them run on the coordinator's one event loop, so the
     * counts need no lock.
     */
    @ChannelHandler.Sharable
    static final class ConnectionBudget extends ChannelInboundHandlerAdapter {
        private final Consumer<String> refuse;
        private final Map<InetAddress, Integer> perAddress = new HashMap<>();
        private int open;

        ConnectionBudget(Consumer<String> refuse) {
            this.refuse = refuse;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            InetAddress from = remote(ctx);
            int held = perAddress.getOrDefault(from, 0);
            if (open >= MAX_CONNECTIONS || held >= MAX_PER_ADDRESS) {
                refuse.accept(open >= MAX_CONNECTIONS ? "too_many_connections" : "too_many_from_address");
                ctx.channel().attr(Requests.COUNTED).set(Boolean.FALSE);
                ctx.close();
                return;
            }
            open++;
            perAddress.put(from, held + 1);
            ctx.channel().attr(Requests.COUNTED).set(Boolean.TRUE);
            ctx.executor().schedule(() -> {
                if (ctx.channel().isActive()) {
                    refuse.accept("too_slow");
                    ctx.close();
                }
            }, REQUEST_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (Boolean.TRUE.equals(ctx.channel().attr(Requests.COUNTED).get())) {
                open--;
                perAddress.computeIfPresent(remote(ctx), (a, k) -> k > 1 ? k - 1 : null);
            }
            ctx.fireChannelInactive();
        }
    }

    /** Answers one question per connection, then closes it. */
    static final class Requests extends SimpleChannelInboundHandler<FullHttpRequest> {
        static final io.netty.util.AttributeKey<Boolean> COUNTED = io.netty.util.AttributeKey.valueOf("gsnode.epoch.counted");

        private final EpochCoordinator coordinator;

        Requests(EpochCoordinator coordinator) {
            this.coordinator = coordinator;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            EpochCoordinator.Answer answer;
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            if (request.decoderResult().isFailure()) {
                coordinator.refuse("bad_request");
                answer = new EpochCoordinator.Answer(400, "not an HTTP request");
            } else if (!HttpMethod.GET.equals(request.method())) {
                coordinator.refuse("bad_request");
                answer = new EpochCoordinator.Answer(400, "ask GET /epoch?index=I or GET /status");
            } else if (uri.path().equals("/epoch")) {
                int q = request.uri().indexOf('?');
                answer = coordinator.epoch(EpochCoordinator.index(q < 0 ? null : request.uri().substring(q + 1)), remote(ctx));
            } else if (uri.path().equals("/status")) {
                answer = coordinator.status();
            } else {
                coordinator.refuse("bad_request");
                answer = new EpochCoordinator.Answer(404, "ask GET /epoch?index=I or GET /status");
            }
            byte[] body = (answer.body() + "\n").getBytes(StandardCharsets.UTF_8);
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(answer.status()),
                    Unpooled.wrappedBuffer(body));
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8")
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            coordinator.refuse("bad_request");
            ctx.close();
        }
    }

    static InetAddress remote(ChannelHandlerContext ctx) {
        return ((InetSocketAddress) ctx.channel().remoteAddress()).getAddress();
    }
}
