package io.gsnode.transport.tcp.yamux;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A yamux connection's bytes, cut at any points: the decoder yields frames no larger than the
 * window it was told, or refuses the stream with a yamux error, never another exception.
 * Streams 1 to 3 are known with a 256 KiB window; others are unknown. Tries: -Djqwik.tries.
 */
class YamuxFrameDecoderFuzzTest {

    private static final long WINDOW = 256 * 1024;

    @Property
    void anyBytesInAnyPiecesGiveFramesOrAYamuxError(@ForAll @Size(max = 4096) byte[] bytes,
                                                  @ForAll @IntRange(min = 1, max = 600) int piece) {
        decodeInPieces(bytes, piece);
    }

    static void decodeInPieces(byte[] bytes, int piece) {
        EmbeddedChannel channel = new EmbeddedChannel(new YamuxFrameDecoder(16L << 20,
                (streamId, flags) -> streamId >= 1 && streamId <= 3 ? WINDOW : YamuxFrameDecoder.Windows.UNKNOWN_STREAM));
        try {
            for (int at = 0; at < bytes.length; at += piece) {
                channel.writeInbound(Unpooled.wrappedBuffer(bytes, at, Math.min(piece, bytes.length - at)));
                YamuxFrame frame;
                while ((frame = channel.readInbound()) != null) {
                    assertTrue(frame.data() == null || frame.data().readableBytes() <= WINDOW);
                    if (frame.data() != null) frame.data().release();
                }
            }
        } catch (DecoderException e) {
            if (!(e.getCause() instanceof YamuxException)) throw e;
        } finally {
            channel.finishAndReleaseAll();
        }
    }
}
