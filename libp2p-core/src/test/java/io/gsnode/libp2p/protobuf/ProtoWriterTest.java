package io.gsnode.libp2p.protobuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ProtoWriterTest {

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    @Test
    void writesAKeyMessageAsTheSpecSpellsIt() {
        // docs/wire.md §1.1: 08 <type> 12 <len> <data>
        byte[] data = new byte[32];
        byte[] out = new ProtoWriter().writeVarintField(1, 1).writeBytesField(2, data).toByteArray();
        assertEquals(36, out.length);
        assertArrayEquals(hex("08011220"), Arrays.copyOf(out, 4));
    }

    @Test
    void writesMinimalVarints() {
        assertArrayEquals(hex("0800"), new ProtoWriter().writeVarintField(1, 0).toByteArray());
        assertArrayEquals(hex("087f"), new ProtoWriter().writeVarintField(1, 127).toByteArray());
        assertArrayEquals(hex("08ac02"), new ProtoWriter().writeVarintField(1, 300).toByteArray());
    }

    @Test
    void writesNegativeValuesAsTenByteVarints() {
        byte[] out = new ProtoWriter().writeVarintField(1, -1).toByteArray();
        assertArrayEquals(hex("08ffffffffffffffffff01"), out);
        ProtoReader r = new ProtoReader(out);
        assertTrue(r.next());
        assertEquals(-1L, r.readVarint());
    }

    @Test
    void writesStringsAsUtf8() {
        assertArrayEquals(hex("1a03c3a978"),
                new ProtoWriter().writeStringField(3, "\u00e9x").toByteArray());
    }

    @Test
    void encodesLargeFieldNumbersInTheTag() {
        // field 16 needs a two-byte tag: (16 << 3) | 2 = 130 = 0x82 0x01
        assertArrayEquals(hex("820100"), new ProtoWriter().writeBytesField(16, new byte[0]).toByteArray());
    }

    @Test
    void rejectsFieldNumbersOutsideTheValidRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ProtoWriter().writeVarintField(0, 1));
        assertTrue(e.getMessage().contains("field number 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new ProtoWriter().writeVarintField(1 << 29, 1));
    }

    @Test
    void roundTripsThroughTheReader() {
        byte[] out = new ProtoWriter()
                .writeVarintField(1, 3)
                .writeStringField(5, "/meshsub/1.2.0")
                .writeBytesField(7, hex("deadbeef"))
                .writeVarintField(100_000, Long.MAX_VALUE)
                .toByteArray();
        ProtoReader r = new ProtoReader(out);
        assertTrue(r.next());
        assertEquals(1, r.field());
        assertEquals(3, r.readVarint());
        assertTrue(r.next());
        assertEquals(5, r.field());
        assertEquals("/meshsub/1.2.0", r.readString());
        assertTrue(r.next());
        assertEquals(WireType.LEN, r.wireType());
        assertArrayEquals(hex("deadbeef"), r.readBytes());
        assertTrue(r.next());
        assertEquals(100_000, r.field());
        assertEquals(Long.MAX_VALUE, r.readVarint());
        assertEquals(false, r.next());
    }
}
