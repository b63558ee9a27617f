package io.gsnode.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.rpc.PubMessage;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The harness's payload (zeros, the number big-endian first) and its id rule (the first 8 bytes). */
class HarnessMessagesTest {

    @Test
    void thePayloadIsZerosWithTheMessageNumberFirst() {
        byte[] data = HarnessMessages.payload(0x0102030405060708L, 98_304);
        assertEquals(98_304, data.length);
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, Arrays.copyOf(data, 8));
        for (int i = 8; i < data.length; i++) assertEquals(0, data[i]);
        assertThrows(IllegalArgumentException.class, () -> HarnessMessages.payload(1, 7));
    }

    @Test
    void theIdIsTheFirstEightBytesAndLogsAsAnUnsignedDecimal() {
        MessageId id = HarnessMessages.FIRST_8_BYTES.apply(PubMessage.unsigned("a-subnet", HarnessMessages.payload(0x0102030405060708L, 64)));
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, id.bytes());
        assertEquals("72623859790382856", HarnessMessages.decimal(id));
        assertEquals("0", HarnessMessages.decimal(HarnessMessages.FIRST_8_BYTES.apply(PubMessage.unsigned("t", new byte[8]))));
        assertEquals("18446744073709551615", HarnessMessages.decimal(MessageId.wrap(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1})));
    }
}
