package io.gsnode.harness;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/** Coverage-guided fuzzing (Jazzer) of interop scripts, held to {@link ScriptReaderFuzzTest}'s rule. Budget: -Dfuzz.seconds. */
class ScriptReaderFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(ScriptReaderTest.DRY_RUN.getBytes(StandardCharsets.UTF_8));
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void scripts(byte[] text) {
        ScriptReaderFuzzTest.parseOrRefuse(new String(text, StandardCharsets.UTF_8));
    }
}
