package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Shadow's quantity rules (see {@link ShadowQuantity}). */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ShadowQuantityTest {

    @Test
    void timesTakeIntegerMagnitudesAndShadowsUnits() {
        assertEquals(42_150_000L, ShadowQuantity.parseTimeNanos("42150 us"));
        assertEquals(42_150_000L, ShadowQuantity.parseTimeNanos("42150us"));
        assertEquals(2_000_000_000L, ShadowQuantity.parseTimeNanos("2 seconds"));
        assertEquals(120_000_000_000L, ShadowQuantity.parseTimeNanos("2 min"));
        assertEquals(5_000_000_000L, ShadowQuantity.parseTimeNanos("5"), "a bare integer is seconds");
        assertThrows(IllegalArgumentException.class, () -> ShadowQuantity.parseTimeNanos("12.5 ms"));
        assertThrows(IllegalArgumentException.class, () -> ShadowQuantity.parseTimeNanos("12 MS"), "units are case-sensitive");
        assertThrows(IllegalArgumentException.class, () -> ShadowQuantity.parseTimeNanos("-1 s"));
    }

    @Test
    void bandwidthsAreWholeBytesPerSecond() {
        assertEquals(50_000_000L, ShadowQuantity.parseBitsPerSecond("50 Mbit"));
        assertEquals(50_000_000L, ShadowQuantity.parseBitsPerSecond("50000 Kbit"));
        assertEquals(8L << 20, ShadowQuantity.parseBitsPerSecond("8 Mibit"));
        assertThrows(IllegalArgumentException.class, () -> ShadowQuantity.parseBitsPerSecond("12 bit"), "not divisible by 8");
        assertThrows(IllegalArgumentException.class, () -> ShadowQuantity.parseBitsPerSecond("1.5 Mbit"));
        assertThrows(IllegalArgumentException.class, () -> ShadowQuantity.bits(12));
        assertEquals("100000000 bit", ShadowQuantity.bits(100_000_000));
    }

    @Test
    void quantitiesPastALongAreRefusedAsTooLarge() {
        // Found by ShadowFilesFuzzTarget: the overflow escaped as an ArithmeticException.
        for (String text : new String[] {"99999999999999999999 bit", "9223372036854775807 Gbit", "9223372036854775807 s",
                "9223372036854775808 ns", "18446744073709551615 KiB"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
                if (text.endsWith("bit")) ShadowQuantity.parseBitsPerSecond(text);
                else if (text.endsWith("s")) ShadowQuantity.parseTimeNanos(text);
                else ShadowQuantity.parseBytes(text);
            }, text);
            assertTrue(e.getMessage().contains("too large"), e.getMessage());
        }
        assertEquals(Long.MAX_VALUE, ShadowQuantity.parseTimeNanos("9223372036854775807 ns"));
    }

    @Test
    void sizesTakeBinaryAndDecimalPrefixes() {
        assertEquals(131_072, ShadowQuantity.parseBytes("131072 B"));
        assertEquals(128 << 10, ShadowQuantity.parseBytes("128 KiB"));
        assertEquals(2, ShadowQuantity.parseBytes("2 bytes"));
        assertThrows(IllegalArgumentException.class, () -> ShadowQuantity.parseBytes("2 kb"));
    }
}
