package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.policy.ForwardingPolicy;
import io.gsnode.libp2p.peer.PeerId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Phase forwarding (docs/arms.md §6.1, {@code SEGMENT_ARMS=phase}, {@code SEGMENT_A_PHASE_R},
 * {@code SEGMENT_C_PHASE_R}): push a message to at most {@code max(0, r − holders)} candidates and
 * send every other candidate an immediate single-id IHAVE, where holders are the mesh peers that
 * already sent IDONTWANT for it. Early in a message's diffusion nobody holds it and it is pushed r
 * wide; late, when copies would be duplicates, it is announced and pulled instead.
 *
 * <p>Applies to every topic and to the publisher alike (source policy "immediate", §6.1 step 6).
 * The router drops the source and the author from the plan afterwards, so a source ranked inside
 * the budget costs a push slot, as the reference does (§6.1 step 5).
 */
public final class PhaseForwarding implements ForwardingPolicy {

    private final int r;
    private final boolean fixedBudget;
    // Read by the record from other threads.
    private final LongAdder plans = new LongAdder(), pushSlots = new LongAdder(), ihaveSlots = new LongAdder();

    /**
     * @param r the push width, ≥ 0; 0 is pull-only (announce everything)
     * @param fixedBudget {@code SEGMENT_PHASE_FIXED_BUDGET}: push to r whatever the holders, so only
     *     the push/announce split remains
     */
    public PhaseForwarding(int r, boolean fixedBudget) {
        if (r < 0) throw new IllegalArgumentException("phase push width r=" + r + " must be >= 0");
        this.r = r;
        this.fixedBudget = fixedBudget;
    }

    public int r() {
        return r;
    }

    /** The push budget for a message {@code holders} mesh peers are known to hold (§6.1 step 3). */
    public int budget(int holders) {
        return fixedBudget ? r : Math.max(0, r - holders);
    }

    @Override
    public ForwardPlan plan(ForwardRequest request) {
        List<PeerId> candidates = request.candidates();
        int budget = budget(request.holders());
        plans.increment();
        if (budget >= candidates.size()) {
            pushSlots.add(candidates.size());
            return new ForwardPlan(candidates, List.of());
        }
        List<PeerId> ranked = RendezvousRank.ranked(request.id(), candidates);
        pushSlots.add(budget);
        ihaveSlots.add(candidates.size() - budget);
        return new ForwardPlan(List.copyOf(ranked.subList(0, budget)), List.copyOf(ranked.subList(budget, ranked.size())));
    }

    /** The names {@link #counters()} uses, in its order. */
    public static final List<String> COUNTERS = List.of("phase_plans", "phase_push_slots", "phase_ihave_slots");

    /** Messages planned, push slots and immediate-IHAVE slots allotted (before source filtering). */
    public Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("phase_plans", plans.sum());
        m.put("phase_push_slots", pushSlots.sum());
        m.put("phase_ihave_slots", ihaveSlots.sum());
        return m;
    }
}
