package io.gsnode.segmentation.arm;

import io.gsnode.segmentation.codec.CellBlockRoot;
import io.gsnode.segmentation.codec.PayloadGenerator;
import java.util.Locale;

/**
 * Which payload a diffusion carries (docs/arms.md §3.1): the measured one, or the warm-up's, an
 * unrelated payload of the same shape (seed 12, slot 2049) that a warm cell diffuses first through
 * the same topics and policies, so every connection has carried a payload before the measured
 * publish. The two never share a message: their data, ids, group ids and block roots all differ,
 * so each is tracked to its own completion.
 */
public enum Diffusion {
    WARMUP(PayloadGenerator.WARMUP_SEED, CellBlockRoot.WARMUP_SLOT),
    MEASURED(PayloadGenerator.MEASURED_SEED, CellBlockRoot.SYNTHETIC_SLOT);

    private final long payloadSeed;
    private final long slot;

    Diffusion(long payloadSeed, long slot) {
        this.payloadSeed = payloadSeed;
        this.slot = slot;
    }

    /** The payload generator's seed. */
    public long payloadSeed() {
        return payloadSeed;
    }

    /** The slot the structured ids of this payload's segments claim. */
    public long slot() {
        return slot;
    }

    /** The name records and events use. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
