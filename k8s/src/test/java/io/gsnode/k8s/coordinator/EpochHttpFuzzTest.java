package io.gsnode.k8s.coordinator;

import io.gsnode.libp2p.testing.Mutations;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * The epoch coordinator's requests are remote bytes: whatever arrives on a connection is answered
 * or the connection closed, and nothing escapes its pipeline (the coordinator's own handlers, on a
 * channel whose peer is 10.0.0.1, node 0's address). Tries: -Djqwik.tries.
 */
class EpochHttpFuzzTest {

    static final byte[] VALID = "GET /epoch?index=0 HTTP/1.1\r\nHost: gsnode-epoch\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final EpochCoordinator COORDINATOR = coordinator();

    private static EpochCoordinator coordinator() {
        try {
            return new EpochCoordinator(2, 0, 1000, System::currentTimeMillis, new PrintStream(OutputStream.nullOutputStream()),
                    NodeAddresses.by(i -> List.of(java.net.InetAddress.getByName("10.0.0." + (1 + i)))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Property
    void randomBytesAreAnsweredOrClosed(@ForAll @Size(max = 1024) byte[] request) {
        serve(request);
    }

    @Property
    void aNodesQuestionWithBytesChangedIsAnsweredOrClosed(@ForAll long seed) {
        serve(Mutations.of(VALID, seed));
    }

    /** Feeds {@code request} to the coordinator's pipeline; throws whatever escaped it. */
    static void serve(byte[] request) {
        EmbeddedChannel ch = new FromNode();
        ch.pipeline().addLast(new HttpServerCodec(EpochHttp.MAX_LINE, EpochHttp.MAX_HEADERS, EpochHttp.MAX_LINE),
                new HttpObjectAggregator(EpochHttp.MAX_BODY), new EpochHttp.Requests(COORDINATOR));
        try {
            ch.writeInbound(Unpooled.wrappedBuffer(request));
            ch.checkException();
        } finally {
            for (Object o; (o = ch.readOutbound()) != null; ) if (o instanceof ByteBuf b) b.release();
            ch.finishAndReleaseAll();
        }
    }

    /** A channel whose peer has an IP address, as a real connection's does. */
    private static final class FromNode extends EmbeddedChannel {
        @Override
        protected SocketAddress remoteAddress0() {
            return new InetSocketAddress("10.0.0.1", 40000);
        }
    }
}
