package io.gsnode.transport.quic.netty;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/** Coverage-guided fuzzing (Jazzer) of Retry tokens, held to {@link RetryTokensFuzzTest}'s rule. Budget: -Dfuzz.seconds. */
class RetryTokensFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(RetryTokensFuzzTest.VALID);
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void tokens(byte[] token) {
        int offset = RetryTokensFuzzTest.validate(token);
        if (offset != -1 && !Arrays.equals(token, RetryTokensFuzzTest.VALID)) {
            throw new AssertionError("a token this listener never issued was accepted");
        }
    }
}
