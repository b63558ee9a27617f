package io.gsnode.transport.quic.tls;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/** Coverage-guided fuzzing (Jazzer) of the certificate path, held to {@link CertificatePathFuzzTest}'s rule. Budget: -Dfuzz.seconds. */
class CertificatePathFuzzTarget {

    static Stream<byte[]> seeds() {
        return Stream.of(CertificatePathFuzzTest.VALID);
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void certificates(byte[] der) {
        CertificatePathFuzzTest.checkOrRefuse(der);
    }
}
