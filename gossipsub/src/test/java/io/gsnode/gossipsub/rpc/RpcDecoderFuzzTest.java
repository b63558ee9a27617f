package io.gsnode.gossipsub.rpc;

import io.gsnode.libp2p.multiformats.UVarint;
import io.gsnode.libp2p.testing.Mutations;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * An RPC frame is remote bytes: any frame decodes or is refused as malformed, never another
 * exception. Tries: -Djqwik.tries.
 */
class RpcDecoderFuzzTest {

    static final byte[] VALID = body(new Rpc(
            List.of(SubOpts.subscribe("t"), new SubOpts(false, "u", true, true)),
            List.of(new PubMessage(new byte[] {9}, new byte[] {1, 2, 3}, new byte[8], "t", new byte[] {5}, new byte[] {6})),
            new ControlMessage(List.of(new ControlMessage.IHave("t", List.of(new byte[] {1}, new byte[20]))),
                    List.of(new ControlMessage.IWant(List.of(new byte[] {2}))), List.of("t"),
                    List.of(new ControlMessage.Prune("t", List.of(new ControlMessage.PeerInfo(new byte[] {3}, new byte[] {4})), 60L)),
                    List.of(new ControlMessage.IDontWant(List.of(new byte[] {7}))), new ControlMessage.Extensions(true)),
            new PartialMessage("t", new byte[] {1}, new byte[] {2}, new byte[] {3})));

    /** The frame without its length prefix: what the decoder reads. */
    private static byte[] body(Rpc rpc) {
        ByteBuf frame = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT, rpc);
        try {
            UVarint.read(frame);
            byte[] out = new byte[frame.readableBytes()];
            frame.readBytes(out);
            return out;
        } finally {
            frame.release();
        }
    }

    @Property
    void randomFramesDecodeOrAreRefused(@ForAll @Size(max = 1024) byte[] frame) {
        decodeOrRefuse(frame);
    }

    @Property
    void aValidFrameWithBytesChangedDecodesOrIsRefused(@ForAll long seed) {
        decodeOrRefuse(Mutations.of(VALID, seed));
    }

    static void decodeOrRefuse(byte[] frame) {
        try {
            RpcDecoder.decode(frame);
        } catch (MalformedRpcException refused) {
            // the router closes the connection and counts it
        }
    }
}
