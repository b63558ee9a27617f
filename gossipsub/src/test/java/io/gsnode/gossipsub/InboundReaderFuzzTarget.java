package io.gsnode.gossipsub;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.gossipsub.rpc.SubOpts;
import io.gsnode.libp2p.testing.FuzzInput;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of the meshsub stream reader, held to
 * {@link InboundReaderFuzzTest}'s rule. The input's first byte sets the size of the pieces the rest
 * arrives in (1 to 256 bytes); the seed is two length-prefixed RPC frames. Budget: -Dfuzz.seconds.
 */
class InboundReaderFuzzTarget {

    static Stream<byte[]> seeds() {
        Rpc rpc = new Rpc(List.of(SubOpts.subscribe("t")),
                List.of(PubMessage.unsigned("t", new byte[] {1, 2, 3})), null, null);
        ByteBuf frame = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT, rpc);
        try {
            byte[] one = ByteBufUtil.getBytes(frame);
            byte[] two = Arrays.copyOf(one, 2 * one.length);
            System.arraycopy(one, 0, two, one.length, one.length);
            return Stream.of(FuzzInput.prefixed(5, two));
        } finally {
            frame.release();
        }
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void streams(byte[] input) {
        if (input.length == 0) return;
        InboundReaderFuzzTest.readInPieces(FuzzInput.rest(input), FuzzInput.pieceSize(input));
    }
}
