package io.gsnode.segmentation.arm;

import io.gsnode.formats.wire.WireForm;
import io.gsnode.gossipsub.Delivery;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.policy.ForwardingPolicy;
import io.gsnode.gossipsub.policy.RequestGate;
import io.gsnode.gossipsub.policy.RequestPolicy;
import io.gsnode.segmentation.codec.CellBlockRoot;
import io.gsnode.segmentation.policy.DisciplinedRequests;
import io.gsnode.segmentation.policy.PhaseForwarding;
import io.gsnode.segmentation.policy.StopPullGate;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A variant A or C arm on one node: its layout, and one instance of each policy its knobs name
 * (phase forwarding, the pull discipline, the stop-pull gate), for one router. In a warm cell the
 * node also carries the warm-up payload's layout through the same policies, with its own
 * completion watcher: a message is counted toward the payload it belongs to.
 */
final class GossipArmNode implements ArmNode {

    private final ArmKnobs knobs;
    private final ArmContext context;
    private final Map<Diffusion, ArmLayout> layouts = new EnumMap<>(Diffusion.class);
    private final Map<Diffusion, DistinctMessages> completions = new EnumMap<>(Diffusion.class);
    /** Which payload a message belongs to, by its data's hash; only a warm cell has two to tell apart. */
    private final Map<ByteBuffer, Diffusion> owner = new HashMap<>();
    private final PhaseForwarding phase;
    private final DisciplinedRequests pulls;
    private final StopPullGate gate;

    GossipArmNode(ArmKnobs knobs, ArmContext context) {
        this.knobs = knobs;
        this.context = context;
        this.phase = knobs.mode() == ArmKnobs.Mode.PHASE ? new PhaseForwarding(knobs.phaseR(), knobs.phaseFixedBudget()) : null;
        this.pulls = knobs.discipline() == null ? null : new DisciplinedRequests(knobs.discipline());
        this.gate = knobs.stopPull() ? new StopPullGate() : null;
        for (Diffusion d : context.diffusions()) {
            ArmLayout layout = ArmLayout.of(knobs, context.payloadBytes(), d);
            layouts.put(d, layout);
            byte[] root = CellBlockRoot.of(d.slot());
            completions.put(d, new DistinctMessages(layout.messages.need(), gate == null ? () -> {} : () -> gate.complete(root)));
            if (context.warmup()) {
                for (byte[] data : layout.messages.messages()) owner.put(DistinctMessages.hash(data), d);
            }
        }
    }

    private ArmLayout measured() {
        return layouts.get(Diffusion.MEASURED);
    }

    @Override
    public GossipConfig config(GossipConfig base) {
        return knobs.applyTo(base);
    }

    @Override
    public void install(GossipRouter.Builder router) {
        router.messageIds(measured().ids);
        router.forwarding(phase == null ? ForwardingPolicy.PUSH_ALL : phase);
        router.requests(pulls == null ? RequestPolicy.STOCK : pulls);
        router.gate(gate == null ? RequestGate.ALLOW_ALL : gate);
        router.validator(new CellMessages(List.copyOf(layouts.values())));
    }

    @Override
    public List<String> topics() {
        return measured().topics;
    }

    @Override
    public List<GossipRouter.Outgoing> publications(Diffusion diffusion) {
        return context.publisher() ? layout(diffusion).publications() : List.of();
    }

    private ArmLayout layout(Diffusion diffusion) {
        ArmLayout layout = layouts.get(diffusion);
        if (layout == null) throw new IllegalStateException("this node carries no " + diffusion.wireName() + " payload");
        return layout;
    }

    @Override
    public Diffusion onDelivery(Delivery delivery) {
        if (!context.warmup()) return completions.get(Diffusion.MEASURED).add(delivery.data()) ? Diffusion.MEASURED : null;
        ByteBuffer hash = DistinctMessages.hash(delivery.data());
        Diffusion d = owner.get(hash);
        // The validator lets only the cell's messages through, but a message another topic's
        // subscription delivers (background load on the arm's topic) belongs to neither payload.
        return d != null && completions.get(d).addHash(hash) ? d : null;
    }

    @Override
    public boolean completed() {
        return completions.get(Diffusion.MEASURED).completed();
    }

    @Override
    public WireForm wireForm() {
        return measured().wireForm();
    }

    @Override
    public ArmKnobs knobs() {
        return knobs;
    }

    /**
     * The same keys on every arm, zero where a policy is absent: distinct messages of the measured
     * payload held, stop-pull declines, the pull discipline's counters and phase forwarding's.
     */
    @Override
    public Map<String, Object> extras() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("distinct", completions.get(Diffusion.MEASURED).count());
        m.put("declined", gate == null ? 0L : gate.declined());
        if (pulls != null) {
            m.putAll(pulls.counters());
        } else {
            for (String name : DisciplinedRequests.COUNTERS) m.put(name, 0L);
        }
        if (phase != null) {
            m.putAll(phase.counters());
        } else {
            for (String name : PhaseForwarding.COUNTERS) m.put(name, 0L);
        }
        return m;
    }
}
