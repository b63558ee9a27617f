package io.gsnode.gossipsub;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.libp2p.connection.Stream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A meshsub stream's bytes, cut at any points: the reader hands on RPCs or reports the stream
 * malformed once, never throws, and never holds a buffer larger than twice what arrived (its
 * growth doubles). Tries: -Djqwik.tries.
 */
class InboundReaderFuzzTest {

    private static final int MAX_FRAME = 4096;

    @Property
    void anyBytesInAnyPiecesGiveRpcsOrOneMalformedReport(@ForAll @Size(max = 8192) byte[] bytes,
                                                        @ForAll @IntRange(min = 1, max = 700) int piece) {
        readInPieces(bytes, piece);
    }

    static void readInPieces(byte[] bytes, int piece) {
        int[] rpcs = {0};
        int[] malformed = {0};
        InboundReader reader = new InboundReader(MAX_FRAME, new InboundReader.Sink() {
            @Override
            public void rpc(Stream stream, Rpc rpc, int frameBytes, long arrivedNanos) {
                rpcs[0]++;
            }

            @Override
            public void malformed(Stream stream, String reason) {
                malformed[0]++;
            }

            @Override
            public void closed(Stream stream) {}
        }, () -> 0L);
        for (int at = 0; at < bytes.length; at += piece) {
            ByteBuf data = Unpooled.wrappedBuffer(bytes, at, Math.min(piece, bytes.length - at));
            reader.onData(null, data);
            data.release();
            assertTrue(reader.bufferedCapacity() <= Math.max(2 * bytes.length, 64), "held " + reader.bufferedCapacity());
        }
        reader.onRemoteClose(null);
        assertTrue(malformed[0] <= 1, "one report, then the reader ignores the stream");
        assertTrue(rpcs[0] <= bytes.length, List.of(rpcs[0], bytes.length).toString());
    }
}
