package io.gsnode.netns.delay;

import io.gsnode.formats.stats.Histogram;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Holds packets until they are due and writes each into its destination's device. One thread;
 * readers hand packets in through a lock-free inbox (an intrusive stack the thread empties whole:
 * the heap orders them, so the stack's order does not matter, and nothing is allocated) and wake
 * the thread only when the new packet is due before the instant it sleeps until. The switch gives each destination to exactly one
 * scheduler, so a pair's packets all pass one heap and keep their order.
 *
 * <p>Timing: the thread sleeps with {@code parkNanos} (timer slack set to 1 ns where the kernel
 * allows, {@code prctl(PR_SET_TIMERSLACK)}), optionally waking {@code spinNanos} early and spinning
 * the rest. Lateness is the time from the due instant to the moment the write is issued.
 */
final class DeliveryScheduler implements Runnable {

    private final Endpoint[] endpoints;
    private final PacketPool pool;
    private final SwitchDrops drops;
    private final long spinNanos;
    private final AtomicReference<Packet> inbox = new AtomicReference<>();
    private final PacketHeap heap = new PacketHeap();
    /** Microseconds from the due instant to the write. */
    final Histogram lateness = new Histogram();

    /** The instant the thread sleeps until; {@link Long#MIN_VALUE} while it is awake. */
    private volatile long wakeAt = Long.MIN_VALUE;
    private volatile boolean running = true;
    private volatile Thread thread;
    private volatile boolean timerSlackSet;
    private volatile int unsentAtStop;

    DeliveryScheduler(Endpoint[] endpoints, PacketPool pool, SwitchDrops drops, long spinNanos) {
        this.endpoints = endpoints;
        this.pool = pool;
        this.drops = drops;
        this.spinNanos = spinNanos;
    }

    /** From any reader thread: {@code p} is reserved against the budget and fully set. */
    void submit(Packet p) {
        Packet top;
        do {
            top = inbox.get();
            p.next = top;
        } while (!inbox.compareAndSet(top, p));
        if (p.dueNanos < wakeAt) LockSupport.unpark(thread);
    }

    void bind(Thread t) {
        this.thread = t;
    }

    /** Asks the thread to stop; packets still waiting are not sent ({@link #unsentAtStop}). */
    void stop() {
        running = false;
        Thread t = thread;
        if (t != null) LockSupport.unpark(t);
    }

    boolean timerSlackSet() {
        return timerSlackSet;
    }

    int unsentAtStop() {
        return unsentAtStop;
    }

    @Override
    public void run() {
        timerSlackSet = TimerSlack.setMinimal();
        while (running) {
            drainInbox();
            Packet head = heap.peek();
            long now = System.nanoTime();
            if (head != null && head.dueNanos <= now) {
                deliver(heap.poll(), now);
                continue;
            }
            long target = head == null ? Long.MAX_VALUE : head.dueNanos;
            wakeAt = target;
            if (inbox.get() != null || !running) {
                wakeAt = Long.MIN_VALUE;
                continue;
            }
            if (head == null) {
                LockSupport.park(this);
            } else {
                long sleep = target - now - spinNanos;
                if (sleep > 0) {
                    LockSupport.parkNanos(this, sleep);
                } else {
                    while (System.nanoTime() < target && inbox.get() == null && running) Thread.onSpinWait();
                }
            }
            wakeAt = Long.MIN_VALUE;
        }
        drainInbox();
        unsentAtStop = heap.size();
        for (Packet p = heap.poll(); p != null; p = heap.poll()) pool.release(p);
    }

    private void drainInbox() {
        Packet p = inbox.getAndSet(null);
        while (p != null) {
            Packet next = p.next;
            p.next = null;
            heap.add(p);
            p = next;
        }
    }

    private void deliver(Packet p, long now) {
        Endpoint to = endpoints[p.destination];
        if (!to.alive()) {
            drops.count(DropCause.DEAD_ENDPOINT, to);
        } else {
            ByteBuffer b = p.buffer;
            b.limit(p.length).position(0);
            lateness.record((now - p.dueNanos) / 1_000);
            try {
                to.device.write(b);
                to.toPackets.add(1);
                to.toBytes.add(p.length);
            } catch (ClosedChannelException e) {
                drops.count(DropCause.DEAD_ENDPOINT, to);
            } catch (IOException e) {
                drops.count(DropCause.WRITE_FAILED, to);
            }
        }
        pool.release(p);
    }
}
