package io.gsnode.segmentation.codec;

import io.gsnode.segmentation.codec.SegmentException.Reason;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;

/**
 * Cutting a message into a committed segment group and putting it back together (docs/arms.md
 * §3.4–3.5, the research tree's codec).
 *
 * <p>Building is the publisher's side, over bytes it made itself, so bad parameters are
 * programming errors ({@link IllegalArgumentException}). Joining and recovering take what peers
 * sent, so they throw {@link SegmentException} with a reason. The segments of a built group share
 * the message array (no copy); only a coded group's parity, and the zero-padded copy of its last
 * systematic segment used for coding, are new arrays.
 */
public final class SegmentCodec {
    private SegmentCodec() {
    }

    /** {@code ceil(length / segmentSize)}: the number of segments a message is cut into. */
    public static int segmentCount(long length, int segmentSize) {
        return (int) ((length + segmentSize - 1) / segmentSize);
    }

    /**
     * A plain group (descriptor version 1): {@code ceil(len / segmentSize)} contiguous segments,
     * the last possibly short, all needed.
     */
    public static SegmentGroup plain(byte[] message, int segmentSize) {
        List<Slice> segments = split(message, segmentSize);
        MerkleTree tree = MerkleTree.buildOver(segments);
        SegmentDescriptor d = SegmentDescriptor.of(SegmentDescriptor.VERSION_PLAIN, SegmentDescriptor.HASH_SHA256,
                segments.size(), segmentSize, message.length, tree.root());
        return group(d, tree, segments);
    }

    /**
     * A Reed–Solomon coded group (descriptor version 2): the k systematic segments of
     * {@link #plain} followed by {@code parity} parity segments of {@code segmentSize} bytes,
     * committed by one tree over all n = k + parity leaves (the last systematic leaf in its short
     * wire form).
     */
    public static SegmentGroup coded(byte[] message, int segmentSize, int parity) {
        if (parity <= 0) {
            throw new IllegalArgumentException("parity " + parity + " must be > 0 for a coded group");
        }
        List<Slice> systematic = split(message, segmentSize);
        int k = systematic.size();
        ReedSolomon rs = new ReedSolomon(k, parity);
        // The code works on full-size shards: the last systematic segment is zero-padded for coding
        // only; the wire (and the tree) carry it truncated.
        byte[][] shards = new byte[k][];
        int[] offsets = new int[k];
        for (int i = 0; i < k; i++) {
            Slice s = systematic.get(i);
            if (s.length() == segmentSize) {
                shards[i] = s.array();
                offsets[i] = s.offset();
            } else {
                shards[i] = new byte[segmentSize];
                System.arraycopy(s.array(), s.offset(), shards[i], 0, s.length());
            }
        }
        byte[][] parityShards = rs.encodeParity(shards, offsets, segmentSize);
        List<Slice> leaves = new ArrayList<>(k + parity);
        leaves.addAll(systematic);
        for (byte[] p : parityShards) {
            leaves.add(Slice.of(p));
        }
        MerkleTree tree = MerkleTree.buildOver(leaves);
        SegmentDescriptor d = SegmentDescriptor.of(SegmentDescriptor.VERSION_CODED, SegmentDescriptor.HASH_SHA256,
                k + parity, segmentSize, message.length, tree.root());
        return group(d, tree, leaves);
    }

    private static SegmentGroup group(SegmentDescriptor d, MerkleTree tree, List<Slice> leaves) {
        List<SegmentMessage> messages = new ArrayList<>(leaves.size());
        for (int i = 0; i < leaves.size(); i++) {
            messages.add(new SegmentMessage(d, i, tree.proof(i), leaves.get(i)));
        }
        return new SegmentGroup(d, messages);
    }

    /** go: {@code segments.Split}, with its bounds: non-empty, ≤ 256 MiB, size in (0, 1 MiB], ≤ 16384 segments. */
    static List<Slice> split(byte[] message, int segmentSize) {
        if (message.length == 0) {
            throw new IllegalArgumentException("cannot segment an empty message");
        }
        if (message.length > SegmentDescriptor.MAX_TOTAL_LENGTH) {
            throw new IllegalArgumentException("message of " + message.length + " bytes exceeds "
                    + SegmentDescriptor.MAX_TOTAL_LENGTH);
        }
        if (segmentSize <= 0 || segmentSize > SegmentDescriptor.MAX_SEGMENT_SIZE) {
            throw new IllegalArgumentException("segment size " + segmentSize + " not in (0, "
                    + SegmentDescriptor.MAX_SEGMENT_SIZE + "]");
        }
        int count = segmentCount(message.length, segmentSize);
        if (count > SegmentDescriptor.MAX_SEGMENTS) {
            throw new IllegalArgumentException(count + " segments exceed " + SegmentDescriptor.MAX_SEGMENTS);
        }
        List<Slice> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int start = i * segmentSize;
            out.add(new Slice(message, start, Math.min(segmentSize, message.length - start)));
        }
        return out;
    }

    /**
     * Reassembles a plain group from all its segments, in index order (go: {@code segments.Join}).
     * The segments are assumed proof-verified; lengths are checked again here.
     */
    public static byte[] join(SegmentDescriptor d, List<SegmentMessage> segments) throws SegmentException {
        d.validate();
        if (d.isCoded()) {
            throw new SegmentException(Reason.DESCRIPTOR_MISMATCH, "coded group: use recover");
        }
        if (segments.size() != d.count()) {
            throw new SegmentException(Reason.INCOMPLETE_SEGMENTS, "have " + segments.size() + ", want " + d.count());
        }
        byte[] out = new byte[(int) d.totalLength()];
        int pos = 0;
        for (int i = 0; i < segments.size(); i++) {
            SegmentMessage m = segments.get(i);
            if (m == null) {
                throw new SegmentException(Reason.INCOMPLETE_SEGMENTS, "index " + i + " missing");
            }
            Slice s = m.dataSlice();
            if (s.length() != d.segmentLength(i)) {
                throw new SegmentException(Reason.SEGMENT_LENGTH, s.length() + " bytes at index " + i
                        + ", want " + d.segmentLength(i));
            }
            System.arraycopy(s.array(), s.offset(), out, pos, s.length());
            pos += s.length();
        }
        return out;
    }

    /**
     * Recovers a coded group's message from any {@code required()} of its segments
     * (go: {@code segments.RecoverAndVerify}). {@code segments} has {@code count()} slots, {@code null}
     * where missing; present segments must already be proof-verified. Takes the first k present in
     * index order, solves for the data, recomputes every missing segment, rebuilds the tree over
     * the wire-form leaves and requires the descriptor's root: a group whose committed segments
     * are not one codeword (so different subsets would decode differently) is rejected here.
     */
    public static byte[] recover(SegmentDescriptor d, List<SegmentMessage> segments) throws SegmentException {
        if (!d.isCoded()) {
            throw new SegmentException(Reason.DESCRIPTOR_MISMATCH, "version " + d.version() + " is not a coded group");
        }
        d.validate();
        int n = d.count();
        int k = d.required();
        int size = d.segmentSize();
        if (segments.size() != n) {
            throw new SegmentException(Reason.DESCRIPTOR_MISMATCH, segments.size() + " slots, want " + n);
        }
        byte[][] shards = new byte[n][];
        for (int i = 0; i < n; i++) {
            SegmentMessage m = segments.get(i);
            if (m == null) {
                continue;
            }
            Slice s = m.dataSlice();
            if (s.length() != d.segmentLength(i)) {
                throw new SegmentException(Reason.SEGMENT_LENGTH, s.length() + " bytes at index " + i
                        + ", want " + d.segmentLength(i));
            }
            if (s.offset() == 0 && s.length() == size && s.array().length == size) {
                shards[i] = s.array(); // read only below
            } else {
                shards[i] = new byte[size]; // zero-pads the short last systematic segment
                System.arraycopy(s.array(), s.offset(), shards[i], 0, s.length());
            }
        }
        new ReedSolomon(k, n - k).reconstruct(shards);

        List<Slice> leaves = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            leaves.add(new Slice(shards[i], 0, d.segmentLength(i)));
        }
        byte[] root = MerkleTree.buildOver(leaves).root();
        if (!MessageDigest.isEqual(root, d.rootView())) {
            throw new SegmentException(Reason.CODEWORD_MISMATCH,
                    "recovered codeword does not reproduce the committed root");
        }
        byte[] out = new byte[(int) d.totalLength()];
        int pos = 0;
        for (int i = 0; i < k; i++) {
            int len = d.segmentLength(i);
            System.arraycopy(shards[i], 0, out, pos, len);
            pos += len;
        }
        return out;
    }
}
