package io.gsnode.segmentation.partial;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of segments, partial messages and parts metadata, held to
 * {@link PartialFormatsFuzzTest}'s rules. The input's first byte picks the format (its value modulo
 * 3: segment, partial message, metadata), the rest is decoded; seeds are a valid one of each.
 * Budget: -Dfuzz.seconds.
 */
class PartialFormatsFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(prefixed(0, PartialFormatsFuzzTest.SEGMENT), prefixed(1, PartialFormatsFuzzTest.PARTIAL),
                prefixed(2, PartialFormatsFuzzTest.METADATA));
    }

    private static byte[] prefixed(int format, byte[] bytes) {
        byte[] input = new byte[1 + bytes.length];
        input[0] = (byte) format;
        System.arraycopy(bytes, 0, input, 1, bytes.length);
        return input;
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void formats(byte[] input) {
        if (input.length == 0) return;
        byte[] bytes = Arrays.copyOfRange(input, 1, input.length);
        switch ((input[0] & 0xff) % 3) {
            case 0 -> PartialFormatsFuzzTest.segment(bytes);
            case 1 -> PartialFormatsFuzzTest.partial(bytes);
            default -> PartialFormatsFuzzTest.metadata(bytes);
        }
    }
}
