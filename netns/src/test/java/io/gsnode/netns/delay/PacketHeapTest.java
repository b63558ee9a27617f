package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class PacketHeapTest {

    private static Packet packet(int source, long due, long sequence) {
        Packet p = new Packet(16);
        p.source = source;
        p.dueNanos = due;
        p.sequence = sequence;
        return p;
    }

    @Test
    void pollsByDueThenSourceThenSequence() {
        PacketHeap heap = new PacketHeap();
        Random random = new Random(7);
        List<Packet> all = new ArrayList<>();
        for (int k = 0; k < 5000; k++) {
            Packet p = packet(random.nextInt(4), random.nextInt(50), k);
            all.add(p);
            heap.add(p);
        }
        Packet previous = null;
        int count = 0;
        for (Packet p = heap.poll(); p != null; p = heap.poll()) {
            if (previous != null) assertTrue(!p.before(previous), "heap order broken at " + count);
            previous = p;
            count++;
        }
        assertEquals(all.size(), count);
        assertNull(heap.peek());
    }

    @Test
    void aPairKeepsItsOrderWhenDueTimesTie() {
        PacketHeap heap = new PacketHeap();
        for (int k = 0; k < 100; k++) heap.add(packet(3, 1_000, k));
        for (int k = 0; k < 100; k++) assertEquals(k, heap.poll().sequence);
    }

    @Test
    void dueTimesCompareAcrossNanoTimeWrap() {
        PacketHeap heap = new PacketHeap();
        heap.add(packet(0, Long.MAX_VALUE, 0));
        heap.add(packet(0, Long.MAX_VALUE - 10, 1));
        assertEquals(1, heap.poll().sequence);
    }
}
