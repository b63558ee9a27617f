package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.MessageId;
import java.util.HashMap;
import java.util.Map;

/**
 * One outstanding IWANT per message id within a window (docs/arms.md §6.4). Stock gossipsub asks
 * every announcer of an id whose payload has not landed yet; on announce-heavy paths that is the
 * main source of duplicates. Here a second ask waits until the first is a window old, so a lost
 * reply costs one window rather than liveness.
 *
 * <p>Asks are not cleared on delivery: they age out (checked at ask time, swept at the
 * heartbeat), as in the reference. Router thread only.
 */
final class IWantDiscipline {

    private final long windowNanos;
    private final Map<MessageId, Long> asked = new HashMap<>();

    IWantDiscipline(long windowNanos) {
        this.windowNanos = windowNanos;
    }

    long windowNanos() {
        return windowNanos;
    }

    /** Whether an ask of {@code id} younger than the window is outstanding. */
    boolean inFlight(MessageId id, long now) {
        Long at = asked.get(id);
        return at != null && now - at < windowNanos;
    }

    /** Records an ask of {@code id} at {@code now} unless one is in flight; true when recorded. */
    boolean tryAsk(MessageId id, long now) {
        if (inFlight(id, now)) return false;
        asked.put(id, now);
        return true;
    }

    /** Frees the slot of the ask made at {@code askedAt}, if it is still the current one (§6.6). */
    boolean refund(MessageId id, long askedAt) {
        return asked.remove(id, askedAt);
    }

    /** Forgets asks a window old or older (the heartbeat's garbage collection). */
    void sweep(long now) {
        asked.values().removeIf(at -> now - at >= windowNanos);
    }

    int size() {
        return asked.size();
    }
}
