package io.gsnode.shadow;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gsnode.libp2p.testing.FuzzInput;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of {@code shadow.yaml} and {@code shadow.gml}, held to
 * {@link ShadowFilesFuzzTest}'s rules. The input's first byte picks the file (even: YAML, odd: GML),
 * the rest is its text; seeds are the golden QUIC files. Budget: -Dfuzz.seconds.
 */
class ShadowFilesFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(FuzzInput.prefixed(0, ShadowFilesFuzzTest.YAML.getBytes(StandardCharsets.UTF_8)),
                FuzzInput.prefixed(1, ShadowFilesFuzzTest.GML.getBytes(StandardCharsets.UTF_8)));
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void files(byte[] input) {
        if (input.length == 0) return;
        String text = new String(FuzzInput.rest(input), StandardCharsets.UTF_8);
        if ((FuzzInput.choice(input) & 1) == 0) ShadowFilesFuzzTest.readConfigOrRefuse(text);
        else ShadowFilesFuzzTest.readGraphOrRefuse(text);
    }
}
