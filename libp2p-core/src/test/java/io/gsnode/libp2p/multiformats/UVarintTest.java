package io.gsnode.libp2p.multiformats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class UVarintTest {

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    @Test
    void encodesTheSpecExamples() {
        // unsigned-varint README examples, and the multiaddr codes of docs/wire.md §1.3.
        assertArrayEquals(hex("00"), UVarint.encode(0));
        assertArrayEquals(hex("01"), UVarint.encode(1));
        assertArrayEquals(hex("7f"), UVarint.encode(127));
        assertArrayEquals(hex("8001"), UVarint.encode(128));
        assertArrayEquals(hex("ff01"), UVarint.encode(255));
        assertArrayEquals(hex("ac02"), UVarint.encode(300));
        assertArrayEquals(hex("808001"), UVarint.encode(16384));
        assertArrayEquals(hex("9102"), UVarint.encode(273));
        assertArrayEquals(hex("cd03"), UVarint.encode(461));
        assertArrayEquals(hex("a503"), UVarint.encode(421));
    }

    @Test
    void sizeMatchesTheEncoding() {
        long[] values = {0, 1, 127, 128, 16383, 16384, (1L << 35) - 1, 1L << 35, Long.MAX_VALUE};
        for (long v : values) {
            assertEquals(UVarint.encode(v).length, UVarint.size(v), "size of " + v);
        }
        assertEquals(9, UVarint.size(Long.MAX_VALUE));
    }

    @Test
    void refusesNegativeValues() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> UVarint.encode(-1));
        assertTrue(e.getMessage().contains("negative"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> UVarint.size(Long.MIN_VALUE));
    }

    @Test
    void roundTripsThroughAByteBuf() {
        ByteBuf buf = Unpooled.buffer();
        try {
            long[] values = {0, 300, 1L << 40, Long.MAX_VALUE};
            for (long v : values) {
                UVarint.write(buf, v);
            }
            for (long v : values) {
                assertEquals(v, UVarint.read(buf));
            }
            assertFalse(buf.isReadable());
        } finally {
            buf.release();
        }
    }

    @Test
    void byteBufReadReturnsMinusOneAndKeepsTheIndexWhenIncomplete() {
        ByteBuf buf = Unpooled.buffer();
        try {
            buf.writeByte(0x01); // a complete varint first, so the index is not 0
            buf.writeByte(0xac);
            assertEquals(1, UVarint.read(buf));
            assertEquals(-1, UVarint.read(buf));
            assertEquals(1, buf.readerIndex());
            buf.writeByte(0x02);
            assertEquals(300, UVarint.read(buf));
            assertEquals(3, buf.readerIndex());
            assertEquals(-1, UVarint.read(buf));
        } finally {
            buf.release();
        }
    }

    @Test
    void byteBufReadRejectsMoreThanNineBytes() {
        ByteBuf buf = Unpooled.wrappedBuffer(hex("ffffffffffffffffff01"));
        try {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> UVarint.read(buf));
            assertTrue(e.getMessage().contains("maximum of 9 bytes"), e.getMessage());
        } finally {
            buf.release();
        }
    }

    @Test
    void byteBufReadRejectsNonMinimalEncodings() {
        ByteBuf buf = Unpooled.wrappedBuffer(hex("8100"));
        try {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> UVarint.read(buf));
            assertTrue(e.getMessage().contains("not minimally encoded"), e.getMessage());
        } finally {
            buf.release();
        }
    }

    @Test
    void arrayReadAdvancesTheOffset() {
        byte[] data = hex("ac02" + "05" + "ffffffffffffffff7f");
        int[] offset = {0};
        assertEquals(300, UVarint.read(data, offset));
        assertEquals(2, offset[0]);
        assertEquals(5, UVarint.read(data, offset));
        assertEquals(Long.MAX_VALUE, UVarint.read(data, offset));
        assertEquals(data.length, offset[0]);
    }

    @Test
    void arrayReadRejectsTruncatedLongAndNonMinimalInput() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> UVarint.read(hex("ac"), new int[] {0})).getMessage().contains("truncated"));
        assertThrows(IllegalArgumentException.class, () -> UVarint.read(new byte[0], new int[] {0}));
        assertThrows(IllegalArgumentException.class,
                () -> UVarint.read(hex("ffffffffffffffff8001"), new int[] {0}));
        assertThrows(IllegalArgumentException.class, () -> UVarint.read(hex("8080808000"), new int[] {0}));
    }

    @Test
    void aSingleZeroByteIsMinimal() {
        assertEquals(0, UVarint.read(hex("00"), new int[] {0}));
    }
}
