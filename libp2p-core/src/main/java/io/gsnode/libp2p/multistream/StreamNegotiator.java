package io.gsnode.libp2p.multistream;

import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a {@link Negotiation} on a muxed stream. When it settles, the stream's protocol is set,
 * bytes read past the last negotiation message are pushed back into the stream, and the handler is
 * cleared so that the protocol's own handler receives them.
 */
public final class StreamNegotiator implements StreamHandler {

    /** Bound on negotiating one stream's protocol. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private final Negotiation negotiation;
    private final CompletableFuture<Stream> result = new CompletableFuture<>();
    private ByteBuf cumulation;
    private ScheduledFuture<?> timeout;

    private StreamNegotiator(Negotiation negotiation) {
        this.negotiation = negotiation;
    }

    /** Proposes {@code protocols} in order; completes with the stream once one is accepted. */
    public static CompletableFuture<Stream> initiate(Stream stream, List<String> protocols, Duration limit) {
        return run(stream, Negotiation.initiator(protocols), limit);
    }

    /** Accepts the first proposal in {@code supported}; completes with the stream once settled. */
    public static CompletableFuture<Stream> respond(Stream stream, Set<String> supported, Duration limit) {
        return run(stream, Negotiation.responder(supported), limit);
    }

    private static CompletableFuture<Stream> run(Stream stream, Negotiation negotiation, Duration limit) {
        StreamNegotiator negotiator = new StreamNegotiator(negotiation);
        stream.executor().execute(() -> negotiator.begin(stream, limit));
        return negotiator.result;
    }

    private void begin(Stream stream, Duration limit) {
        ByteBuf out = ByteBufAllocator.DEFAULT.buffer(64);
        negotiation.start(out);
        stream.write(out);
        timeout = stream.executor().schedule(
                () -> fail(stream, new TimeoutException("protocol negotiation took longer than " + limit)),
                limit.toMillis(), TimeUnit.MILLISECONDS);
        stream.setHandler(this);
    }

    @Override
    public void onData(Stream stream, ByteBuf data) {
        if (result.isDone()) {
            return;
        }
        if (cumulation == null) {
            cumulation = ByteBufAllocator.DEFAULT.buffer(Math.max(256, data.readableBytes()));
        }
        cumulation.writeBytes(data);
        ByteBuf out = ByteBufAllocator.DEFAULT.buffer(64);
        boolean settled;
        try {
            settled = negotiation.receive(cumulation, out);
        } catch (NegotiationException e) {
            out.release();
            fail(stream, e);
            return;
        }
        if (out.isReadable()) {
            stream.write(out);
        } else {
            out.release();
        }
        if (settled) {
            timeout.cancel(false);
            stream.setProtocol(negotiation.protocol());
            ByteBuf leftover = cumulation;
            cumulation = null;
            stream.setHandler(null);
            stream.unread(leftover);
            result.complete(stream);
        }
    }

    @Override
    public void onRemoteClose(Stream stream) {
        fail(stream, new NegotiationException("stream closed by the remote during protocol negotiation"));
    }

    @Override
    public void onReset(Stream stream, Throwable cause) {
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        if (timeout != null) timeout.cancel(false);
        result.completeExceptionally(
                new NegotiationException("stream reset during protocol negotiation: " + cause.getMessage()));
    }

    private void fail(Stream stream, Throwable cause) {
        if (result.isDone()) return;
        if (timeout != null) timeout.cancel(false);
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        result.completeExceptionally(cause);
        stream.reset();
    }
}
