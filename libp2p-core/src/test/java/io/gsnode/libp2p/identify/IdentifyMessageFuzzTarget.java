package io.gsnode.libp2p.identify;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of identify answers, held to {@link IdentifyMessageFuzzTest}'s
 * rule, from a valid answer. Budget: -Dfuzz.seconds.
 */
class IdentifyMessageFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(IdentifyMessageFuzzTest.VALID);
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void answers(byte[] bytes) {
        IdentifyMessageFuzzTest.decodeOrRefuse(bytes);
    }
}
