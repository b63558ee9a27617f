package io.gsnode.gossipsub.rpc;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of RPC frames, held to {@link RpcDecoderFuzzTest}'s rule, from a
 * frame that uses every field. Budget: -Dfuzz.seconds.
 */
class RpcDecoderFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(RpcDecoderFuzzTest.VALID);
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void frames(byte[] frame) {
        RpcDecoderFuzzTest.decodeOrRefuse(frame);
    }
}
