package io.gsnode.netns.delay;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The packet budget and the slots that carry packets. At most {@code budget} packets wait out their
 * delay at once ({@link #tryReserve}); every reader also holds one spare slot to read into. A slot
 * is made only when none is free, so the slots never number more than budget + readers, and memory
 * stays below (budget + readers) × slot size. Taking and giving back allocate nothing.
 */
final class PacketPool {

    private final int budget;
    private final int slotBytes;
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private final AtomicInteger slots = new AtomicInteger();
    private final FreeSlots free;

    /** A pool for {@code readers} readers: every slot it can ever make fits in its free list. */
    PacketPool(int budget, int slotBytes, int readers) {
        if (budget < 1) throw new IllegalArgumentException("the packet budget must be at least 1, was " + budget);
        this.budget = budget;
        this.slotBytes = slotBytes;
        this.free = new FreeSlots(budget + readers);
    }

    /** A slot to read into: a free one, else a new one. */
    Packet slot() {
        Packet p = free.poll();
        if (p != null) return p;
        slots.incrementAndGet();
        return new Packet(slotBytes);
    }

    /** Takes one unit of budget for a packet about to wait; false when the budget is spent. */
    boolean tryReserve() {
        while (true) {
            int now = waiting.get();
            if (now >= budget) return false;
            if (waiting.compareAndSet(now, now + 1)) {
                if (now + 1 > peak.getPlain()) peak.accumulateAndGet(now + 1, Math::max);
                return true;
            }
        }
    }

    /** Gives back a delivered (or dropped) waiting packet's budget and its slot. */
    void release(Packet p) {
        giveBack(p);
        waiting.decrementAndGet();
    }

    private void giveBack(Packet p) {
        if (!free.offer(p)) throw new IllegalStateException("more packet slots than the pool ever makes");
    }

    /** Gives back a reader's spare slot, which held no budget. */
    void returnSpare(Packet p) {
        giveBack(p);
    }

    int budget() {
        return budget;
    }

    int slotBytes() {
        return slotBytes;
    }

    /** Packets waiting out their delay now. */
    int waiting() {
        return waiting.get();
    }

    /** The most packets that ever waited at once. */
    int peakWaiting() {
        return peak.get();
    }

    /** Slots made so far. */
    int slotsMade() {
        return slots.get();
    }
}
