package io.gsnode.transport.tcp.yamux;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gsnode.libp2p.testing.FuzzInput;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of the yamux frame decoder, held to
 * {@link YamuxFrameDecoderFuzzTest}'s rule. The input's first byte sets the size of the pieces the
 * rest arrives in (1 to 256 bytes); seeds are a stream open with data, a window update, a ping and
 * a go-away. Budget: -Dfuzz.seconds.
 */
class YamuxFrameDecoderFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(HexFormat.of().parseHex("07"
                + "000000010000000100000005" + "68656c6c6f" // data, SYN, stream 1, 5 bytes
                + "000100000000000100010000" // window update of stream 1 by 64 KiB
                + "000200010000000000000007" // ping
                + "000300000000000000000000")); // go-away, normal
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void frames(byte[] input) {
        if (input.length == 0) return;
        YamuxFrameDecoderFuzzTest.decodeInPieces(FuzzInput.rest(input), FuzzInput.pieceSize(input));
    }
}
