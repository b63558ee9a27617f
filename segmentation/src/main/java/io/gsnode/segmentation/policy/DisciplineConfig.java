package io.gsnode.segmentation.policy;

import java.time.Duration;

/**
 * The request family of a cell (docs/arms.md §6.3–6.6); {@code FINAL} in the reference's arm
 * table is {@code new DisciplineConfig(200 ms, true, new ParkConfig(1, 400 ms, 30 s))}.
 *
 * @param window {@code SEGMENT_IWANT_DISCIPLINE_MS}: at most one outstanding IWANT per id within
 *     this window; positive. It must cover a round trip plus the transfer asked for, or it
 *     re-creates the duplicates it exists to prevent.
 * @param offerTable {@code SEGMENT_OFFER_TABLE}: remember every announcer and retry the next one
 *     when an ask goes unanswered for a window (§6.5)
 * @param park {@code SEGMENT_IHAVE_PARK}: the commitment park (§6.6), or null when off
 */
public record DisciplineConfig(Duration window, boolean offerTable, ParkConfig park) {

    public DisciplineConfig {
        if (window == null || window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("IWANT discipline window must be positive, got " + window);
        }
    }

    /**
     * The IHAVE commitment park.
     *
     * @param k {@code SEGMENT_IHAVE_PARK_K}: broken promises that park a peer, ≥ 1 (reference default 2)
     * @param promise {@code SEGMENT_IHAVE_PARK_PROMISE_MS}: how long an asked peer has to deliver,
     *     positive (reference default 3/4 of the window)
     * @param ttl {@code SEGMENT_IHAVE_PARK_TTL_MS}: how long a parked peer's IHAVEs are ignored,
     *     positive (reference default 30 s)
     */
    public record ParkConfig(int k, Duration promise, Duration ttl) {
        public ParkConfig {
            if (k < 1) throw new IllegalArgumentException("park k=" + k + " must be >= 1");
            if (promise == null || promise.isNegative() || promise.isZero()) {
                throw new IllegalArgumentException("park promise must be positive, got " + promise);
            }
            if (ttl == null || ttl.isNegative() || ttl.isZero()) {
                throw new IllegalArgumentException("park ttl must be positive, got " + ttl);
            }
        }
    }
}
