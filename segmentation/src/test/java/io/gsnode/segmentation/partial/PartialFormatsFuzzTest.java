package io.gsnode.segmentation.partial;

import io.gsnode.libp2p.testing.Mutations;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.codec.SegmentCodec;
import io.gsnode.segmentation.codec.SegmentException;
import io.gsnode.segmentation.codec.SegmentGroup;
import io.gsnode.segmentation.codec.SegmentMessage;
import java.util.BitSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * What a peer sends in partial messages (parts metadata, the partial-message codec, the segments
 * inside) either decodes or is refused with the format's own exception, never another one.
 * Random bytes and valid encodings with bytes changed. Tries: -Djqwik.tries.
 */
class PartialFormatsFuzzTest {

    private static final SegmentGroup GROUP = SegmentCodec.coded(
            PayloadGenerator.mainnetLike(4 * 1024 - 100, PayloadGenerator.MEASURED_SEED), 1024, 4);
    static final byte[] SEGMENT = GROUP.messages().get(5).encode();
    static final byte[] PARTIAL = PartialMessageCodec.encode(
            List.of(GROUP.messages().get(0).encode(), GROUP.messages().get(6).encode()), true);
    static final byte[] METADATA = metadata();

    private static byte[] metadata() {
        BitSet available = new BitSet();
        available.set(0, 5);
        BitSet requests = new BitSet();
        requests.set(6);
        return new PartsMetadata(8, 4, available, requests).encode();
    }

    @Property
    void segments(@ForAll @Size(max = 2048) byte[] random, @ForAll long seed) {
        segment(random);
        segment(Mutations.of(SEGMENT, seed));
    }

    @Property
    void partialMessages(@ForAll @Size(max = 2048) byte[] random, @ForAll long seed) {
        partial(random);
        partial(Mutations.of(PARTIAL, seed));
    }

    @Property
    void partsMetadata(@ForAll @Size(max = 256) byte[] random, @ForAll long seed) {
        metadata(random);
        metadata(Mutations.of(METADATA, seed));
    }

    static void segment(byte[] bytes) {
        try {
            SegmentMessage.decode(bytes).verify();
        } catch (SegmentException refused) {
            // counted as an invalid segment
        }
    }

    static void partial(byte[] bytes) {
        try {
            PartialMessageCodec.decode(bytes, (i, encoding) -> segment(encoding));
        } catch (PartialFormatException refused) {
            // the RPC is refused and counted
        }
    }

    static void metadata(byte[] bytes) {
        try {
            PartsMetadata.decode(bytes);
        } catch (PartialFormatException refused) {
            // the RPC is refused and counted
        }
    }
}
