package io.gsnode.netns.delay;

import java.util.Arrays;

/**
 * A binary min-heap of packets by {@link Packet#before}: the earliest due first, and within one
 * ordered pair (whose latency is fixed, so due times follow reading order) the order of reading.
 * Single-threaded: only its scheduler touches it.
 */
final class PacketHeap {

    private Packet[] heap = new Packet[256];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    Packet peek() {
        return size == 0 ? null : heap[0];
    }

    void add(Packet p) {
        if (size == heap.length) heap = Arrays.copyOf(heap, size * 2);
        int k = size++;
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            Packet up = heap[parent];
            if (!p.before(up)) break;
            heap[k] = up;
            k = parent;
        }
        heap[k] = p;
    }

    Packet poll() {
        if (size == 0) return null;
        Packet top = heap[0];
        Packet last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            int k = 0;
            int half = size >>> 1;
            while (k < half) {
                int child = 2 * k + 1;
                int right = child + 1;
                if (right < size && heap[right].before(heap[child])) child = right;
                if (!heap[child].before(last)) break;
                heap[k] = heap[child];
                k = child;
            }
            heap[k] = last;
        }
        return top;
    }
}
