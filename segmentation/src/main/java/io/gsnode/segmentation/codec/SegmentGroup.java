package io.gsnode.segmentation.codec;

import java.util.List;

/**
 * A message cut into a committed group: its descriptor and one {@link SegmentMessage} per leaf,
 * in index order (for a coded group: the k systematic segments, then the parity segments).
 *
 * @param descriptor the group's descriptor
 * @param messages   {@code descriptor.count()} segment messages, message i having index i
 */
public record SegmentGroup(SegmentDescriptor descriptor, List<SegmentMessage> messages) {
    public SegmentGroup {
        messages = List.copyOf(messages);
        if (messages.size() != descriptor.count()) {
            throw new IllegalArgumentException(messages.size() + " messages for a descriptor of count " + descriptor.count());
        }
    }

    /** The group id, SHA-256(0x02 ‖ canonical descriptor) (a copy). */
    public byte[] groupId() {
        return descriptor.groupId();
    }

    /** Segments that complete a receiver: all for a plain group, k for a coded one. */
    public int required() {
        return descriptor.required();
    }

    /** Sum of the segment messages' encoded lengths (variant B's wire total, docs/arms.md §3.10). */
    public long encodedBytes() {
        long total = 0;
        for (SegmentMessage m : messages) {
            total += m.encodedLength();
        }
        return total;
    }
}
