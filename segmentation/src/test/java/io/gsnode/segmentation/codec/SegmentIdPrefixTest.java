package io.gsnode.segmentation.codec;

import static io.gsnode.segmentation.codec.ReferenceVectors.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SegmentIdPrefixTest {
    private static final byte[] ROOT = new byte[32];
    private static final byte[] GROUP = new byte[32];

    static {
        for (int i = 0; i < 32; i++) {
            ROOT[i] = (byte) i;
            GROUP[i] = (byte) (0xa0 + i);
        }
    }

    @Test
    void layoutIsMagicVersionSlotRootGroupIndexLittleEndian() {
        byte[] e = SegmentIdPrefix.of(0x0102030405060708L, ROOT, GROUP, 0xdeadbeef).encode();
        assertEquals(81, e.length);
        assertEquals("53474944", hex(Arrays.copyOfRange(e, 0, 4))); // "SGID"
        assertEquals(1, e[4]);
        assertEquals("0807060504030201", hex(Arrays.copyOfRange(e, 5, 13)));
        assertArrayEquals(ROOT, Arrays.copyOfRange(e, 13, 45));
        assertArrayEquals(GROUP, Arrays.copyOfRange(e, 45, 77));
        assertEquals("efbeadde", hex(Arrays.copyOfRange(e, 77, 81)));
    }

    @Test
    void parseRoundTripsEveryField() {
        SegmentIdPrefix p = SegmentIdPrefix.of(0x0102030405060708L, ROOT, GROUP, 0xdeadbeef);
        SegmentIdPrefix q = SegmentIdPrefix.parse(p.encode()).orElseThrow();
        assertEquals(p, q);
        assertEquals(0x0102030405060708L, q.slot());
        assertArrayEquals(ROOT, q.blockRoot());
        assertArrayEquals(GROUP, q.groupId());
        assertEquals(0xdeadbeef, q.index());
        assertEquals(p.hashCode(), q.hashCode());
        assertNotEquals(p, SegmentIdPrefix.of(0x0102030405060708L, ROOT, GROUP, 0));
    }

    @Test
    void wrongMagicWrongVersionOrShortBytesMakeNoClaim() {
        byte[] e = SegmentIdPrefix.of(2048, ROOT, GROUP, 7).encode();
        assertTrue(SegmentIdPrefix.parse(Arrays.copyOf(e, 80)).isEmpty());
        byte[] version = e.clone();
        version[4] = 2;
        assertTrue(SegmentIdPrefix.parse(version).isEmpty());
        byte[] magic = e.clone();
        magic[0] = 'X';
        assertTrue(SegmentIdPrefix.parse(magic).isEmpty());
        assertTrue(SegmentIdPrefix.parse(e, 0, 81).isPresent());
    }

    @Test
    void aPlainSegmentMessageIsNotReadAsAPrefixThoughItAlsoStartsWithOne() {
        for (SegmentMessage m : SegmentCodec.plain(ReferenceVectors.payload1MiB(), 32768).messages()) {
            byte[] e = m.encode();
            assertEquals(1, e[0]);
            assertTrue(SegmentIdPrefix.parse(e).isEmpty());
        }
    }

    @Test
    void forCellClaimsTheCellBlockRoot() {
        SegmentIdPrefix p = SegmentIdPrefix.forCell(2048, GROUP, 3);
        assertEquals(ReferenceVectors.CELL_BLOCK_ROOT_2048, hex(p.blockRoot()));
        assertThrows(IllegalArgumentException.class, () -> SegmentIdPrefix.of(1, new byte[31], GROUP, 0));
    }
}
