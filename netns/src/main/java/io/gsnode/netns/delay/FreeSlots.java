package io.gsnode.netns.delay;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The free packet slots: a bounded multi-producer multi-consumer ring (D. Vyukov's sequence-number
 * scheme) that allocates nothing per operation, so forwarding makes no garbage. Each cell's
 * sequence tells whether it is ready to be filled (sequence == position) or emptied
 * (sequence == position + 1).
 */
final class FreeSlots {

    private final AtomicReferenceArray<Packet> cells;
    private final AtomicLongArray sequences;
    private final int mask;
    private final AtomicLong putAt = new AtomicLong();
    private final AtomicLong takeAt = new AtomicLong();

    /** Room for at least {@code capacity} slots. */
    FreeSlots(int capacity) {
        int size = Integer.highestOneBit(Math.max(2, capacity - 1)) << 1;
        cells = new AtomicReferenceArray<>(size);
        sequences = new AtomicLongArray(size);
        for (int k = 0; k < size; k++) sequences.set(k, k);
        mask = size - 1;
    }

    /** Adds {@code p}; false only when full, which the pool's sizing rules out. */
    boolean offer(Packet p) {
        while (true) {
            long pos = putAt.get();
            int cell = (int) pos & mask;
            long dif = sequences.get(cell) - pos;
            if (dif == 0) {
                if (putAt.compareAndSet(pos, pos + 1)) {
                    cells.setPlain(cell, p);
                    sequences.set(cell, pos + 1);
                    return true;
                }
            } else if (dif < 0) {
                return false;
            }
            Thread.onSpinWait();
        }
    }

    /** A free slot, or null when there is none. */
    Packet poll() {
        while (true) {
            long pos = takeAt.get();
            int cell = (int) pos & mask;
            long dif = sequences.get(cell) - (pos + 1);
            if (dif == 0) {
                if (takeAt.compareAndSet(pos, pos + 1)) {
                    Packet p = cells.getPlain(cell);
                    cells.setPlain(cell, null);
                    sequences.set(cell, pos + mask + 1);
                    return p;
                }
            } else if (dif < 0) {
                return null;
            }
            Thread.onSpinWait();
        }
    }
}
