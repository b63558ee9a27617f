package io.gsnode.segmentation.partial;

import io.gsnode.segmentation.codec.SegmentCodec;
import io.gsnode.segmentation.codec.SegmentDescriptor;
import io.gsnode.segmentation.codec.SegmentException;
import io.gsnode.segmentation.codec.SegmentMessage;
import io.gsnode.segmentation.codec.SnappyBlock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The verified segments of one group (the reassembler of docs/arms.md §8.6): each kept with its
 * encoding so the node can serve it to peers for as long as the group lives, during and after
 * completion. Adding is idempotent. Router thread only; {@link #assemble} works on a snapshot.
 */
public final class GroupStore {

    private final SegmentDescriptor descriptor;
    private final SegmentMessage[] segments;
    private final byte[][] encoded;
    private final byte[][] compressed;
    private final BitSet held = new BitSet();
    private long bytes;

    public GroupStore(SegmentDescriptor descriptor) {
        this.descriptor = descriptor;
        this.segments = new SegmentMessage[descriptor.count()];
        this.encoded = new byte[descriptor.count()][];
        this.compressed = new byte[descriptor.count()][];
    }

    public SegmentDescriptor descriptor() {
        return descriptor;
    }

    /** Adds a segment already verified against this descriptor; false if it was held. */
    public boolean add(SegmentMessage segment, byte[] encoding) {
        int i = segment.index();
        if (held.get(i)) return false;
        segments[i] = segment;
        encoded[i] = encoding;
        held.set(i);
        bytes += encoding.length;
        return true;
    }

    public boolean has(int index) {
        return held.get(index);
    }

    public BitSet held() {
        return (BitSet) held.clone();
    }

    public int heldCount() {
        return held.cardinality();
    }

    /** Whether enough is held to rebuild the message: all segments of a plain group, any k of a coded one. */
    public boolean complete() {
        return held.cardinality() >= descriptor.required();
    }

    /** The SegmentMessage encoding of {@code index}, as sent on the wire. */
    public byte[] encoding(int index) {
        return encoded[index];
    }

    /** The snappy block of {@link #encoding}, made once on first use (version 3 partial messages). */
    public byte[] compressedEncoding(int index) {
        if (compressed[index] == null) compressed[index] = SnappyBlock.compress(encoded[index]);
        return compressed[index];
    }

    /** Encoded bytes held (for the reassembler's memory bound). */
    public long bytes() {
        return bytes;
    }

    /** The segments right now, null where missing: what {@link #assemble} needs, safe to hand to another thread. */
    public List<SegmentMessage> snapshot() {
        return new ArrayList<>(Arrays.asList(segments));
    }

    /**
     * The message, from a {@link #snapshot}: a plain group joined, a coded group RS-recovered
     * from the first k present and checked against the committed root (docs/arms.md §3.5).
     */
    public static byte[] assemble(SegmentDescriptor d, List<SegmentMessage> snapshot) throws SegmentException {
        return d.isCoded() ? SegmentCodec.recover(d, snapshot) : SegmentCodec.join(d, snapshot);
    }
}
