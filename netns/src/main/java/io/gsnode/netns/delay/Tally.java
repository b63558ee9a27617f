package io.gsnode.netns.delay;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A counter with one writing thread and any number of readers: the writer adds without a locked
 * instruction, readers see a recent value.
 */
final class Tally {

    private final AtomicLong value = new AtomicLong();

    /** Only ever from the owning thread. */
    void add(long delta) {
        value.setRelease(value.getPlain() + delta);
    }

    long get() {
        return value.getAcquire();
    }
}
