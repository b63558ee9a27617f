package io.gsnode.segmentation.codec;

import java.util.Locale;
import java.util.function.ToIntFunction;

/**
 * What a cell's arm puts on the wire (docs/arms.md §3.10): the part of an arm's identity its name
 * can hide. Two cells with different wire forms are never paired.
 *
 * @param msgs    messages on the wire (K, or K + parity for a coded group)
 * @param need    distinct messages that complete a node
 * @param unit    the segment size the payload was cut at; 0 for the whole message
 * @param total   summed encoded bytes of all messages (variant B: summed SegmentMessage bytes)
 * @param idBytes the message id width the nodes compute for the first message; 0 where ids do not apply (B)
 */
public record WireForm(int msgs, int need, int unit, long total, int idBytes) {
    /**
     * The wire form of an A or C arm; {@code idWidth} is the installed id function applied to a
     * message on the arm's topic (e.g. {@code data -> idFn.messageId(topic, data).length}).
     */
    public static WireForm of(GossipMessageSet set, ToIntFunction<byte[]> idWidth) {
        return new WireForm(set.size(), set.need(), set.unit(), set.totalBytes(),
                idWidth.applyAsInt(set.messages().get(0)));
    }

    /** Variant B's wire form: segments travel as partial messages, so no ids, and raw SegmentMessage bytes. */
    public static WireForm ofPartialMessages(SegmentGroup group) {
        return new WireForm(group.messages().size(), group.required(), group.descriptor().segmentSize(),
                group.encodedBytes(), 0);
    }

    /**
     * The part of a wire form that decides whether two cells may be paired (docs/arms.md §13 rule
     * 2): message count, unit and id width. For one arm and payload, need follows from them, and
     * total may vary from run to run where the payload is compressed first.
     */
    public record Pairing(int msgs, int unit, int idBytes) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d msgs x %d B, %d-byte ids", msgs, unit, idBytes);
        }
    }

    public Pairing pairing() {
        return new Pairing(msgs, unit, idBytes);
    }

    /** The reference's log form: {@code wire: msgs=… need=… unit=… total=… id=…}. */
    @Override
    public String toString() {
        return "wire: msgs=" + msgs + " need=" + need + " unit=" + unit + " total=" + total + " id=" + idBytes;
    }
}
