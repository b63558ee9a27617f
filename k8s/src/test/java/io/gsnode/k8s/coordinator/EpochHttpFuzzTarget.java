package io.gsnode.k8s.coordinator;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/** Coverage-guided fuzzing (Jazzer) of the coordinator's requests, held to {@link EpochHttpFuzzTest}'s rule. Budget: -Dfuzz.seconds. */
class EpochHttpFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(EpochHttpFuzzTest.VALID);
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void requests(byte[] request) {
        EpochHttpFuzzTest.serve(request);
    }
}
