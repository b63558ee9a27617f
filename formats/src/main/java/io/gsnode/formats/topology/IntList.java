package io.gsnode.formats.topology;

import java.util.Arrays;

/** A growable int array: edge endpoints and latency values without boxing. */
final class IntList {

    private int[] values;
    private int size;

    IntList(int initialCapacity) {
        values = new int[Math.max(initialCapacity, 8)];
    }

    void add(int value) {
        if (size == values.length) {
            if (size == Integer.MAX_VALUE - 8) throw new IllegalStateException("IntList is full at " + size + " values");
            values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 8L, 2L * size));
        }
        values[size++] = value;
    }

    int get(int k) {
        return values[k];
    }

    int size() {
        return size;
    }

    /** The backing array (at least {@link #size()} long), shared, not copied. */
    int[] array() {
        return values;
    }

    /** The values, in an array of exactly {@link #size()}. */
    int[] toArray() {
        return size == values.length ? values : Arrays.copyOf(values, size);
    }
}
