package io.gsnode.formats.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Sizes and times, written one way everywhere. */
class QuantitiesTest {

    @Test
    void sizesInBytesOrWithBinaryUnits() {
        assertEquals(1048576, Quantities.bytes("1048576"));
        assertEquals(1048576, Quantities.bytes("1MiB"));
        assertEquals(65536, Quantities.bytes("64 KiB"));
        assertEquals(1L << 32, Quantities.bytes("4gib"));
        assertEquals("'1MB' is not a size (bytes, or with KiB, MiB, GiB: 1MiB)",
                assertThrows(IllegalArgumentException.class, () -> Quantities.bytes("1MB")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Quantities.intBytes("2GiB"));
        assertThrows(IllegalArgumentException.class, () -> Quantities.bytes("99999999999999999999GiB"));
    }

    @Test
    void timesInTheOptionsUnitWhenBare() {
        assertEquals(8000, Quantities.millis("8000", 1));
        assertEquals(8000, Quantities.millis("8s", 1));
        assertEquals(250, Quantities.millis("250ms", 1000));
        assertEquals(600_000, Quantities.millis("10m", 1));
        assertEquals(90_000, Quantities.millis("90", 1000), "a seconds option's bare number");
        assertThrows(IllegalArgumentException.class, () -> Quantities.millis("10h", 1));
        assertThrows(IllegalArgumentException.class, () -> Quantities.millis("-5", 1));
    }
}
