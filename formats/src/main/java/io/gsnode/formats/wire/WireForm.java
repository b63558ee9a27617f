package io.gsnode.formats.wire;

import java.util.Locale;

/**
 * What a cell's arm puts on the wire (docs/arms.md §3.10): the part of an arm's identity its name
 * can hide. Two cells with different wire forms are never paired. The arms build theirs with
 * {@code io.gsnode.segmentation.codec.WireForms}; records and the results tools only read it.
 *
 * @param msgs    messages on the wire (K, or K + parity for a coded group)
 * @param need    distinct messages that complete a node
 * @param unit    the segment size the payload was cut at; 0 for the whole message
 * @param total   summed encoded bytes of all messages (variant B: summed SegmentMessage bytes)
 * @param idBytes the message id width the nodes compute for the first message; 0 where ids do not apply (B)
 */
public record WireForm(int msgs, int need, int unit, long total, int idBytes) {
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
