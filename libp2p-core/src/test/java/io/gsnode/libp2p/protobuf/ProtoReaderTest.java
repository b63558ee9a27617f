package io.gsnode.libp2p.protobuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ProtoReaderTest {

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    private static String malformed(String hex) {
        ProtoReader r = new ProtoReader(hex(hex));
        MalformedProtobufException e = assertThrows(MalformedProtobufException.class, () -> {
            while (r.next()) {
                r.skip();
            }
        });
        return e.getMessage();
    }

    @Test
    void emptyInputHasNoFields() {
        ProtoReader r = new ProtoReader(new byte[0]);
        assertFalse(r.next());
        assertEquals(0, r.field());
    }

    @Test
    void skipsEveryWireType() {
        byte[] data = hex("08ac02" // 1: varint 300
                + "110102030405060708" // 2: fixed64
                + "1a026869" // 3: "hi"
                + "2501020304" // 4: fixed32
                + "2807"); // 5: varint 7
        ProtoReader r = new ProtoReader(data);
        for (int field = 1; field <= 4; field++) {
            assertTrue(r.next());
            assertEquals(field, r.field());
            r.skip();
        }
        assertTrue(r.next());
        assertEquals(5, r.field());
        assertEquals(7, r.readVarint());
        assertFalse(r.next());
    }

    @Test
    void nextSkipsAValueThatWasNotRead() {
        ProtoReader r = new ProtoReader(hex("0a03616263" + "1001"));
        assertTrue(r.next());
        assertTrue(r.next());
        assertEquals(2, r.field());
        assertEquals(1, r.readVarint());
    }

    @Test
    void readsBytesAsACopy() {
        byte[] data = hex("0a03616263");
        ProtoReader r = new ProtoReader(data);
        r.next();
        byte[] value = r.readBytes();
        value[0] = 0;
        assertArrayEquals(hex("0a03616263"), data);
    }

    @Test
    void rejectsATruncatedVarint() {
        String message = malformed("08ff");
        assertTrue(message.contains("truncated varint"), message);
    }

    @Test
    void rejectsATruncatedTag() {
        assertTrue(malformed("80").contains("truncated varint (field tag)"));
    }

    @Test
    void rejectsALengthPastTheEnd() {
        String message = malformed("0a05616263");
        assertTrue(message.contains("declares length 5 but only 3 bytes remain"), message);
    }

    @Test
    void rejectsAHugeLength() {
        String message = malformed("0affffffffffffffff7f");
        assertTrue(message.contains("bytes remain"), message);
    }

    @Test
    void rejectsAVarintLongerThanTenBytes() {
        String message = malformed("08ffffffffffffffffffff01");
        assertTrue(message.contains("longer than 10 bytes"), message);
    }

    @Test
    void rejectsAVarintThatOverflowsSixtyFourBits() {
        String message = malformed("08ffffffffffffffffff02");
        assertTrue(message.contains("overflows 64 bits"), message);
    }

    @Test
    void rejectsGroupWireTypes() {
        assertTrue(malformed("0b").contains("start-group (3)"));
        assertTrue(malformed("0c").contains("end-group (4)"));
    }

    @Test
    void rejectsUnknownWireTypes() {
        assertTrue(malformed("0e").contains("unknown (6)"));
        assertTrue(malformed("0f").contains("unknown (7)"));
    }

    @Test
    void rejectsFieldNumberZero() {
        assertTrue(malformed("0001").contains("field number 0"));
    }

    @Test
    void rejectsTruncatedFixedWidthValues() {
        assertTrue(malformed("09010203").contains("needs 8 bytes but only 3 remain"));
        assertTrue(malformed("0d0102").contains("needs 4 bytes but only 2 remain"));
    }

    @Test
    void rejectsReadingTheWrongWireType() {
        ProtoReader r = new ProtoReader(hex("0801"));
        r.next();
        MalformedProtobufException e = assertThrows(MalformedProtobufException.class, r::readBytes);
        assertEquals("field 1 has wire type varint (0), expected length-delimited (2)", e.getMessage());
    }

    @Test
    void refusesToReadAValueTwice() {
        ProtoReader r = new ProtoReader(hex("0801"));
        r.next();
        r.readVarint();
        assertThrows(IllegalStateException.class, r::readVarint);
        assertThrows(IllegalStateException.class, r::skip);
    }

    @Test
    void malformedInputIsAnIllegalArgument() {
        assertTrue(IllegalArgumentException.class.isAssignableFrom(MalformedProtobufException.class));
    }
}
