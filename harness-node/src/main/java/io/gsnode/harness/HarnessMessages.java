package io.gsnode.harness;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.MessageIdFunction;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The harness's messages: zero bytes with the message number, big-endian, in the first 8, and
 * those 8 bytes as the message id, raw. Every node of a run must use the same id rule, since
 * IHAVE, IWANT and IDONTWANT carry ids.
 */
public final class HarnessMessages {

    /** Bytes of the message number at the start of every message, and of its id. */
    public static final int ID_BYTES = 8;

    /**
     * The first 8 bytes of the data. A shorter message (never published by a harness node) is
     * padded with zeros, where go's node would panic.
     */
    public static final MessageIdFunction FIRST_8_BYTES = m -> MessageId.wrap(Arrays.copyOf(m.data(), ID_BYTES));

    private HarnessMessages() {
    }

    /** What a harness node publishes for {@code publish}: {@code size} bytes, {@code messageId} first. */
    public static byte[] payload(long messageId, int size) {
        if (size < ID_BYTES) throw new IllegalArgumentException("a message needs at least " + ID_BYTES + " bytes, got " + size);
        byte[] data = new byte[size];
        ByteBuffer.wrap(data).putLong(messageId);
        return data;
    }

    /** An id as the harness's logs write it: the big-endian unsigned 64-bit number, in decimal. */
    public static String decimal(MessageId id) {
        return Long.toUnsignedString(ByteBuffer.wrap(Arrays.copyOf(id.bytes(), ID_BYTES)).getLong());
    }
}
