package io.gsnode.libp2p.multistream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of multistream-select lines, held to {@link MultistreamFuzzTest}'s
 * rule, from a valid negotiation. Budget: -Dfuzz.seconds.
 */
class MultistreamFuzzTarget {

    static Stream<byte[]> seeds() {
        ByteBuf lines = Unpooled.buffer();
        MultistreamMessages.write(lines, "/multistream/1.0.0");
        MultistreamMessages.write(lines, "/meshsub/1.2.0");
        MultistreamMessages.write(lines, "na");
        return Stream.of(ByteBufUtil.getBytes(lines));
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void lines(byte[] bytes) {
        MultistreamFuzzTest.readLinesOrRefuse(bytes);
    }
}
