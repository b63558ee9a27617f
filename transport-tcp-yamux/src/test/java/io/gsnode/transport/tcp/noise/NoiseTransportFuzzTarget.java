package io.gsnode.transport.tcp.noise;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gsnode.libp2p.testing.FuzzInput;

/**
 * Coverage-guided fuzzing (Jazzer) of Noise transport frames, held to
 * {@link NoiseTransportFuzzTest}'s rule that bytes not encrypted under the session's keys yield no
 * plaintext. Every session's keys are fresh, so no input can be valid: what is explored is the
 * framing and the refusal. The input's first byte sets the size of the pieces the rest arrives in
 * (1 to 256 bytes). Budget: -Dfuzz.seconds.
 */
class NoiseTransportFuzzTarget {

    @FuzzTest(maxDuration = "10s")
    void frames(byte[] input) {
        if (input.length == 0) return;
        NoiseTransportFuzzTest.yieldNothingOrANoiseError(FuzzInput.rest(input), FuzzInput.pieceSize(input));
    }
}
