package io.gsnode.segmentation.partial;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gsnode.libp2p.testing.FuzzInput;
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
        return Stream.of(FuzzInput.prefixed(0, PartialFormatsFuzzTest.SEGMENT), FuzzInput.prefixed(1, PartialFormatsFuzzTest.PARTIAL),
                FuzzInput.prefixed(2, PartialFormatsFuzzTest.METADATA));
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void formats(byte[] input) {
        if (input.length == 0) return;
        byte[] bytes = FuzzInput.rest(input);
        switch (FuzzInput.choice(input) % 3) {
            case 0 -> PartialFormatsFuzzTest.segment(bytes);
            case 1 -> PartialFormatsFuzzTest.partial(bytes);
            default -> PartialFormatsFuzzTest.metadata(bytes);
        }
    }
}
