package io.gsnode.formats.record;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/** Coverage-guided fuzzing (Jazzer) of node records, held to {@link NodeRecordFuzzTest}'s rule. Budget: -Dfuzz.seconds. */
class NodeRecordFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(RecordJsonTest.NODE_LINE.getBytes(StandardCharsets.UTF_8));
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void records(byte[] text) {
        NodeRecordFuzzTest.readOrRefuse(new String(text, StandardCharsets.UTF_8));
    }
}
