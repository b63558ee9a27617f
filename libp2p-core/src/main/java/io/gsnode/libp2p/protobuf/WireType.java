package io.gsnode.libp2p.protobuf;

/** The protobuf wire types this package understands (the low three bits of a field tag). */
public final class WireType {

    /** int32, int64, uint32, uint64, sint*, bool, enum. */
    public static final int VARINT = 0;
    /** fixed64, sfixed64, double. */
    public static final int I64 = 1;
    /** string, bytes, embedded messages, packed repeated fields. */
    public static final int LEN = 2;
    /** fixed32, sfixed32, float. */
    public static final int I32 = 5;

    private WireType() {}

    static String describe(int wireType) {
        return switch (wireType) {
            case VARINT -> "varint (0)";
            case I64 -> "fixed64 (1)";
            case LEN -> "length-delimited (2)";
            case 3 -> "start-group (3)";
            case 4 -> "end-group (4)";
            case I32 -> "fixed32 (5)";
            default -> "unknown (" + wireType + ")";
        };
    }
}
