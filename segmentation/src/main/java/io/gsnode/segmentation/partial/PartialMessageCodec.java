package io.gsnode.segmentation.partial;

import io.gsnode.segmentation.codec.GossipDecodeException;
import io.gsnode.segmentation.codec.SegmentMessage;
import io.gsnode.segmentation.codec.SnappyBlock;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The partial message of variant B (docs/arms.md §8.2): version (1 raw; 3 each segment
 * snappy-block-compressed) ‖ number of segments (u16 LE) ‖ per segment its length (u32 LE) and
 * its SegmentMessage bytes (§3.4; no SSZ, no id prefix), compressed under version 3. Decoding is
 * strict and bounds every length before allocating.
 */
public final class PartialMessageCodec {

    public static final int VERSION_RAW = 1;
    public static final int VERSION_SNAPPY = 3;
    private static final int MAX_SEGMENTS = 0xffff;

    private PartialMessageCodec() {}

    /** Encodes SegmentMessage encodings, compressing each when {@code compress} ({@code SEGMENT_PARTIAL_COMPRESS=1}). */
    public static byte[] encode(List<byte[]> segments, boolean compress) {
        List<byte[]> bodies = segments;
        if (compress) {
            bodies = new ArrayList<>(segments.size());
            for (byte[] s : segments) bodies.add(SnappyBlock.compress(s));
        }
        return encodeBodies(bodies, compress);
    }

    /**
     * Encodes segment bodies already in their wire form: SegmentMessage encodings, or their
     * snappy blocks when {@code compressed} (a sender compresses each segment once, not per peer).
     */
    public static byte[] encodeBodies(List<byte[]> bodies, boolean compressed) {
        if (bodies.isEmpty() || bodies.size() > MAX_SEGMENTS) {
            throw new IllegalArgumentException(bodies.size() + " segments in one partial message");
        }
        int total = 1 + 2;
        for (byte[] b : bodies) total += 4 + b.length;
        ByteBuffer out = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        out.put((byte) (compressed ? VERSION_SNAPPY : VERSION_RAW));
        out.putShort((short) bodies.size());
        for (byte[] b : bodies) {
            out.putInt(b.length);
            out.put(b);
        }
        return out.array();
    }

    /** Takes each segment as it is decoded; throwing stops the decoding there. */
    @FunctionalInterface
    public interface SegmentSink {
        void accept(int index, byte[] encoding) throws PartialFormatException;
    }

    /** The SegmentMessage encodings inside {@code bytes}, decompressed. */
    public static List<byte[]> decode(byte[] bytes) throws PartialFormatException {
        List<byte[]> out = new ArrayList<>();
        decode(bytes, (i, encoding) -> out.add(encoding));
        return out;
    }

    /**
     * Decodes {@code bytes} one segment at a time, handing each to {@code sink} before the next is
     * decompressed: a receiver that refuses a segment stops the work there, so a message of
     * compressible junk costs one segment's decompression, not all of them.
     */
    public static void decode(byte[] bytes, SegmentSink sink) throws PartialFormatException {
        if (bytes.length < 3) throw new PartialFormatException("partial message of " + bytes.length + " bytes is too short");
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int version = in.get() & 0xff;
        if (version != VERSION_RAW && version != VERSION_SNAPPY) {
            throw new PartialFormatException("partial message version " + version + ", want 1 or 3");
        }
        int n = in.getShort() & 0xffff;
        if (n == 0) throw new PartialFormatException("partial message with no segments");
        int maxBody = version == VERSION_SNAPPY ? SnappyBlock.maxCompressedLength(SegmentMessage.MAX_ENCODED_BYTES)
                : SegmentMessage.MAX_ENCODED_BYTES;
        for (int i = 0; i < n; i++) {
            if (in.remaining() < 4) throw new PartialFormatException("segment " + i + " of " + n + ": no length");
            long length = Integer.toUnsignedLong(in.getInt());
            if (length > maxBody) throw new PartialFormatException("segment " + i + " of " + length + " bytes exceeds " + maxBody);
            if (in.remaining() < length) throw new PartialFormatException("segment " + i + ": " + in.remaining() + " of " + length + " bytes");
            int at = in.position();
            in.position(at + (int) length);
            if (version == VERSION_RAW) {
                byte[] s = new byte[(int) length];
                System.arraycopy(bytes, at, s, 0, s.length);
                sink.accept(i, s);
            } else {
                byte[] s;
                try {
                    s = SnappyBlock.decompress(bytes, at, (int) length, SegmentMessage.MAX_ENCODED_BYTES);
                } catch (GossipDecodeException e) {
                    throw new PartialFormatException("segment " + i + ": " + e.getMessage());
                }
                sink.accept(i, s);
            }
        }
        if (in.hasRemaining()) throw new PartialFormatException(in.remaining() + " trailing bytes after " + n + " segments");
    }
}
