package io.gsnode.segmentation.partial;

import io.gsnode.segmentation.codec.SegmentDescriptor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.BitSet;

/**
 * What a node tells a peer it holds and wants of one group (docs/arms.md §8.2), little-endian:
 * version (1 plain; 2 coded, only when required &lt; count) ‖ count (u32) ‖ [required (u32),
 * version 2] ‖ available bitmap ‖ requests bitmap. Each bitmap is ceil(count/8) bytes, bit i in
 * byte i/8 at position i mod 8 (LSB first), padding bits zero. Decoding is strict.
 *
 * @param count the group's segment count (n for a coded group)
 * @param required segments that complete a receiver; equal to count for a plain group
 * @param available indices the sender holds
 * @param requests indices the sender asks this peer for (its claims)
 */
public record PartsMetadata(int count, int required, BitSet available, BitSet requests) {

    public static final int VERSION_PLAIN = 1;
    public static final int VERSION_CODED = 2;

    public PartsMetadata {
        if (count <= 0 || count > SegmentDescriptor.MAX_SEGMENTS) {
            throw new IllegalArgumentException("count " + count + " not in (0, " + SegmentDescriptor.MAX_SEGMENTS + "]");
        }
        if (required <= 0 || required > count) throw new IllegalArgumentException("required " + required + " not in (0, " + count + "]");
        if (available.length() > count || requests.length() > count) {
            throw new IllegalArgumentException("bitmap bit beyond count " + count);
        }
        available = (BitSet) available.clone();
        requests = (BitSet) requests.clone();
    }

    @Override
    public BitSet available() {
        return (BitSet) available.clone();
    }

    @Override
    public BitSet requests() {
        return (BitSet) requests.clone();
    }

    public boolean coded() {
        return required < count;
    }

    public byte[] encode() {
        int bitmap = bitmapBytes(count);
        ByteBuffer out = ByteBuffer.allocate(1 + 4 + (coded() ? 4 : 0) + 2 * bitmap).order(ByteOrder.LITTLE_ENDIAN);
        out.put((byte) (coded() ? VERSION_CODED : VERSION_PLAIN));
        out.putInt(count);
        if (coded()) out.putInt(required);
        out.put(Arrays.copyOf(available.toByteArray(), bitmap));
        out.put(Arrays.copyOf(requests.toByteArray(), bitmap));
        return out.array();
    }

    public static PartsMetadata decode(byte[] bytes) throws PartialFormatException {
        if (bytes.length < 5) throw new PartialFormatException("parts metadata of " + bytes.length + " bytes is too short");
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int version = in.get() & 0xff;
        if (version != VERSION_PLAIN && version != VERSION_CODED) {
            throw new PartialFormatException("parts metadata version " + version + ", want 1 or 2");
        }
        long count = Integer.toUnsignedLong(in.getInt());
        if (count == 0 || count > SegmentDescriptor.MAX_SEGMENTS) {
            throw new PartialFormatException("parts metadata count " + count + " not in (0, " + SegmentDescriptor.MAX_SEGMENTS + "]");
        }
        long required = count;
        if (version == VERSION_CODED) {
            if (in.remaining() < 4) throw new PartialFormatException("coded parts metadata without its required count");
            required = Integer.toUnsignedLong(in.getInt());
            if (required == 0 || required >= count) {
                throw new PartialFormatException("coded parts metadata requires " + required + " of " + count);
            }
        }
        int bitmap = bitmapBytes((int) count);
        if (in.remaining() != 2 * bitmap) {
            throw new PartialFormatException("parts metadata bitmaps: " + in.remaining() + " bytes, want " + 2 * bitmap);
        }
        BitSet available = readBitmap(in, bitmap, (int) count);
        BitSet requests = readBitmap(in, bitmap, (int) count);
        return new PartsMetadata((int) count, (int) required, available, requests);
    }

    private static BitSet readBitmap(ByteBuffer in, int bytes, int count) throws PartialFormatException {
        byte[] raw = new byte[bytes];
        in.get(raw);
        BitSet bits = BitSet.valueOf(raw);
        if (bits.length() > count) throw new PartialFormatException("bitmap padding bit " + (bits.length() - 1) + " set (count " + count + ")");
        return bits;
    }

    static int bitmapBytes(int count) {
        return (count + 7) / 8;
    }
}
