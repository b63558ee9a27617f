package io.gsnode.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The harness's partial-message wire form: a bitmap, the parts it names in order, the group id. */
class HarnessPartialMessageTest {

    @Test
    void filledPartsCountUpFromTheGroupId() {
        HarnessPartialMessage m = new HarnessPartialMessage(7);
        m.fill(0b0000_0101);
        assertEquals(0b0000_0101, m.metadata());
        assertFalse(m.complete());
        byte[] wire = m.encodeFor(0);
        assertEquals(1 + 2 * 1024 + 8, wire.length);
        assertEquals(0b0000_0101, wire[0]);
        ByteBuffer b = ByteBuffer.wrap(wire, 1, 2 * 1024);
        assertEquals(7, b.getLong(), "part 0 starts at the group id");
        b.position(1 + 1024);
        assertEquals(7 + 2 * 128, b.getLong(), "part 2 starts 256 numbers on");
        assertEquals(7, ByteBuffer.wrap(wire, wire.length - 8, 8).getLong(), "the group id closes the message");
    }

    @Test
    void aPeerIsSentOnlyThePartsItLacks() {
        HarnessPartialMessage m = new HarnessPartialMessage(1);
        m.fill(0b1111_0000);
        byte[] wire = m.encodeFor(0b0011_0000);
        assertEquals(0b1100_0000, wire[0] & 0xff);
        assertEquals(1 + 2 * 1024 + 8, wire.length);
        assertNull(m.encodeFor(0b1111_0000), "nothing to send to a peer that has it all");
    }

    @Test
    void twoHalvesExtendToACompleteGroupWithTheSameBytes() {
        HarnessPartialMessage low = new HarnessPartialMessage(200);
        low.fill(0x0f);
        HarnessPartialMessage high = new HarnessPartialMessage(200);
        high.fill(0xf0);
        HarnessPartialMessage whole = new HarnessPartialMessage(200);
        whole.fill(0xff);
        low.extend(high.encodeFor(low.metadata()));
        assertTrue(low.complete());
        assertArrayEquals(whole.encodeFor(0), low.encodeFor(0));
        low.extend(high.encodeFor(0)); // parts already held are skipped
        assertArrayEquals(whole.encodeFor(0), low.encodeFor(0));
    }

    @Test
    void aMessageOfAnotherGroupOrWithTheWrongLengthIsRefused() {
        HarnessPartialMessage m = new HarnessPartialMessage(1);
        HarnessPartialMessage other = new HarnessPartialMessage(2);
        other.fill(1);
        assertThrows(IllegalArgumentException.class, () -> m.extend(other.encodeFor(0)));
        HarnessPartialMessage same = new HarnessPartialMessage(1);
        same.fill(1);
        byte[] wire = same.encodeFor(0);
        byte[] cut = Arrays.copyOfRange(wire, 0, wire.length - 1);
        assertThrows(IllegalArgumentException.class, () -> m.extend(cut));
        assertThrows(IllegalArgumentException.class, () -> m.extend(new byte[5]));
        assertEquals(0, m.metadata(), "nothing taken from a refused message");
    }
}
