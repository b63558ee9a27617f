package io.gsnode.shadow;

import com.code_intelligence.jazzer.junit.FuzzTest;
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
        return Stream.of(prefixed(0, ShadowFilesFuzzTest.YAML), prefixed(1, ShadowFilesFuzzTest.GML));
    }

    private static byte[] prefixed(int file, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        byte[] input = new byte[1 + bytes.length];
        input[0] = (byte) file;
        System.arraycopy(bytes, 0, input, 1, bytes.length);
        return input;
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void files(byte[] input) {
        if (input.length == 0) return;
        String text = new String(input, 1, input.length - 1, StandardCharsets.UTF_8);
        if ((input[0] & 1) == 0) ShadowFilesFuzzTest.readConfigOrRefuse(text);
        else ShadowFilesFuzzTest.readGraphOrRefuse(text);
    }
}
