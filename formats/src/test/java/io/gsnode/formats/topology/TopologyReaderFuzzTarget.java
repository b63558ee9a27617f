package io.gsnode.formats.topology;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of topology files, held to {@link TopologyReaderFuzzTest}'s rule,
 * from a valid six-node file. Budget: -Dfuzz.seconds.
 */
class TopologyReaderFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(TopologyReaderFuzzTest.VALID);
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void files(byte[] bytes) {
        TopologyReaderFuzzTest.readOrRefuse(bytes);
    }
}
