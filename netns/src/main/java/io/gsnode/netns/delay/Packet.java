package io.gsnode.netns.delay;

import java.nio.ByteBuffer;

/**
 * One packet slot: a direct buffer the size of the largest packet, and, while the packet waits
 * out its delay, where it came from, where it goes and when. Owned by one thread at a time: a
 * reader fills it, a scheduler delivers it, the pool keeps it in between.
 */
final class Packet {

    final ByteBuffer buffer;
    int length;
    int source;
    int destination;
    /** {@link System#nanoTime} at which it is due at the destination. */
    long dueNanos;
    /** Its place in its source's reading order, to keep a pair's order when due times tie. */
    long sequence;
    /** The next packet in a scheduler's inbox (an intrusive stack: handing in allocates nothing). */
    Packet next;

    Packet(int capacity) {
        this.buffer = ByteBuffer.allocateDirect(capacity);
    }

    /** Whether this packet goes before {@code other}: earlier due, then same-source read order. */
    boolean before(Packet other) {
        if (dueNanos != other.dueNanos) return dueNanos - other.dueNanos < 0;
        if (source != other.source) return source < other.source;
        return sequence < other.sequence;
    }
}
