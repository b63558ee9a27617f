package io.gsnode.segmentation.codec;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the gossip messages of an arm from the raw payload, exactly as the reference publisher
 * does (docs/arms.md §3.2–3.7): the whole message, or plain / coded / compress-first segments, each
 * gossip message being SSZ offset 4 ‖ [81-byte structured prefix] ‖ SegmentMessage, then snappy.
 *
 * <p>Each segment's SSZ body is written once into its own array and compressed once; segment data
 * is read from the payload (or the compressed payload) in place.
 */
public final class PayloadEncoder {
    private PayloadEncoder() {
    }

    /**
     * The whole-message form (docs/arms.md §3.3): one gossip message whose SSZ field is the raw payload.
     * Wire form 1 / 1 / unit 0.
     */
    public static GossipMessageSet whole(byte[] payload) {
        return new GossipMessageSet(List.of(GossipEncoding.encode(payload)), 1, 0, null);
    }

    /**
     * The segmented form: compress first if asked, cut at the params' segment size (or into the
     * fixed count), code if parity &gt; 0, prefix with structured ids if asked.
     */
    public static GossipMessageSet segmented(byte[] payload, SegmentEncodingParams params) {
        byte[] segmented = params.compressFirst() ? CompressFirst.compress(payload) : payload;
        int unit = params.segmentSizeFor(segmented.length);
        SegmentGroup group = params.parity() > 0
                ? SegmentCodec.coded(segmented, unit, params.parity())
                : SegmentCodec.plain(segmented, unit);
        byte[] blockRoot = params.structuredIds() ? CellBlockRoot.of(params.slot()) : null;
        byte[] groupId = group.descriptor().groupIdView();
        List<byte[]> messages = new ArrayList<>(group.messages().size());
        for (SegmentMessage m : group.messages()) {
            SegmentIdPrefix prefix = blockRoot == null ? null
                    : SegmentIdPrefix.of(params.slot(), blockRoot, groupId, m.index());
            messages.add(encodeSegment(m, prefix));
        }
        return new GossipMessageSet(messages, group.required(), unit, group);
    }

    /** One segment's gossip data: SSZ offset 4 ‖ [prefix] ‖ SegmentMessage, snappy-compressed. */
    public static byte[] encodeSegment(SegmentMessage message, SegmentIdPrefix prefixOrNull) {
        int prefixBytes = prefixOrNull == null ? 0 : SegmentIdPrefix.LENGTH;
        byte[] body = GossipEncoding.allocateBody(prefixBytes + message.encodedLength());
        ByteBuffer field = ByteBuffer.wrap(body, GossipEncoding.SSZ_FIELD_OFFSET, body.length - GossipEncoding.SSZ_FIELD_OFFSET);
        if (prefixOrNull != null) {
            prefixOrNull.writeTo(field);
        }
        message.writeTo(field);
        return GossipEncoding.compressBody(body);
    }
}
