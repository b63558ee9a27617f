package io.gsnode.segmentation.codec;

import java.util.List;

/**
 * The encoded gossip messages an arm publishes for one payload, in publish order (for a coded
 * group: systematic segments in index order, then parity), with what completes a receiver.
 * The harness's "wire arm".
 *
 * @param messages encoded gossip data (SSZ, then snappy), one per message; shared, never modified
 * @param need     distinct messages that complete a receiver (docs/arms.md §4): 1 whole, all plain, k coded
 * @param unit     the segment size the payload was cut at; 0 for the whole message
 * @param group    the committed segment group, or {@code null} for the whole message
 */
public record GossipMessageSet(List<byte[]> messages, int need, int unit, SegmentGroup group) {
    public GossipMessageSet {
        messages = List.copyOf(messages);
        if (messages.isEmpty() || need <= 0 || need > messages.size()) {
            throw new IllegalArgumentException(messages.size() + " messages with need " + need);
        }
    }

    /** Number of messages on the wire. */
    public int size() {
        return messages.size();
    }

    /** Summed encoded bytes of all messages. */
    public long totalBytes() {
        long total = 0;
        for (byte[] m : messages) {
            total += m.length;
        }
        return total;
    }

    /** The largest single encoded message: the marginal cost of a store-and-forward hop. */
    public int maxBytes() {
        int max = 0;
        for (byte[] m : messages) {
            max = Math.max(max, m.length);
        }
        return max;
    }
}
