package io.gsnode.libp2p.multistream;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * Multistream-select lines are the first bytes a remote sends: any input yields lines, waits for
 * more, or is refused as a negotiation error, never another exception. Tries: -Djqwik.tries.
 */
class MultistreamFuzzTest {

    @Property
    void anyInputIsReadAsLinesOrRefused(@ForAll @Size(max = 2048) byte[] bytes) {
        readLinesOrRefuse(bytes);
    }

    static void readLinesOrRefuse(byte[] bytes) {
        ByteBuf in = Unpooled.wrappedBuffer(bytes);
        try {
            while (MultistreamMessages.read(in) != null) {
                // every complete line is taken; null waits for more
            }
        } catch (NegotiationException refused) {
            // too long, empty, no newline or a bad length prefix
        } finally {
            in.release();
        }
    }
}
