package io.gsnode.netns.delay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One node as the switch sees it: its TUN device, the namespace it lives in, whether it is alive,
 * and its counters. Dying is one-way: the device is closed (which wakes its reader and lets the
 * namespace go), and packets to it are dropped as {@link DropCause#DEAD_ENDPOINT} from then on.
 */
final class Endpoint {

    final int index;
    final Path namespace;
    final NamespaceIdentity identity;
    final TunDevice device;
    private final AtomicReference<String> deathReason = new AtomicReference<>();
    private volatile boolean alive = true;

    /** Packets and bytes read from this node's device (its reader writes these). */
    final Tally fromPackets = new Tally();
    final Tally fromBytes = new Tally();
    /** Packets and bytes written into this node's device (its scheduler writes these). */
    final Tally toPackets = new Tally();
    final Tally toBytes = new Tally();
    /** Packets for this node dropped because it was dead or refused them (any thread). */
    final AtomicLong droppedTo = new AtomicLong();

    Endpoint(int index, Path namespace, NamespaceIdentity identity, TunDevice device) {
        this.index = index;
        this.namespace = namespace;
        this.identity = identity;
        this.device = device;
    }

    boolean alive() {
        return alive;
    }

    /** The reason it died, or null while alive. */
    String deathReason() {
        return deathReason.get();
    }

    /**
     * Marks it dead for {@code reason} and closes its device; only the first call counts.
     *
     * @return whether this call was the one that killed it
     */
    boolean die(String reason) {
        if (!deathReason.compareAndSet(null, reason)) return false;
        alive = false;
        try {
            device.close();
        } catch (IOException e) {
            // the device is gone either way
        }
        return true;
    }
}
