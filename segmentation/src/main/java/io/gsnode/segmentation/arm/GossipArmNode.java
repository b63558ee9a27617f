package io.gsnode.segmentation.arm;

import io.gsnode.gossipsub.Delivery;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.policy.ForwardingPolicy;
import io.gsnode.gossipsub.policy.RequestGate;
import io.gsnode.gossipsub.policy.RequestPolicy;
import io.gsnode.segmentation.codec.WireForm;
import io.gsnode.segmentation.policy.DisciplinedRequests;
import io.gsnode.segmentation.policy.PhaseForwarding;
import io.gsnode.segmentation.policy.StopPullGate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A variant A or C arm on one node: its layout, and one instance of each policy its knobs name
 * (phase forwarding, the pull discipline, the stop-pull gate), for one router.
 */
final class GossipArmNode implements ArmNode {

    private final ArmKnobs knobs;
    private final ArmContext context;
    private final ArmLayout layout;
    private final PhaseForwarding phase;
    private final DisciplinedRequests pulls;
    private final StopPullGate gate;
    private final DistinctMessages completion;

    GossipArmNode(ArmKnobs knobs, ArmContext context) {
        this.knobs = knobs;
        this.context = context;
        this.layout = ArmLayout.of(knobs, context.payloadBytes());
        this.phase = knobs.mode() == ArmKnobs.Mode.PHASE ? new PhaseForwarding(knobs.phaseR(), knobs.phaseFixedBudget()) : null;
        this.pulls = knobs.discipline() == null ? null : new DisciplinedRequests(knobs.discipline());
        this.gate = knobs.stopPull() ? new StopPullGate() : null;
        this.completion = new DistinctMessages(layout.messages.need(), gate == null ? () -> {} : gate::complete);
    }

    @Override
    public GossipConfig config(GossipConfig base) {
        return knobs.applyTo(base);
    }

    @Override
    public void install(GossipRouter.Builder router) {
        router.messageIds(layout.ids);
        router.forwarding(phase == null ? ForwardingPolicy.PUSH_ALL : phase);
        router.requests(pulls == null ? RequestPolicy.STOCK : pulls);
        router.gate(gate == null ? RequestGate.ALLOW_ALL : gate);
        router.validator(layout.validator());
    }

    @Override
    public List<String> topics() {
        return layout.topics;
    }

    @Override
    public List<GossipRouter.Outgoing> publications() {
        return context.publisher() ? layout.publications() : List.of();
    }

    @Override
    public boolean onDelivery(Delivery delivery) {
        return completion.add(delivery.data());
    }

    @Override
    public boolean completed() {
        return completion.completed();
    }

    @Override
    public WireForm wireForm() {
        return layout.wireForm();
    }

    @Override
    public ArmKnobs knobs() {
        return knobs;
    }

    /**
     * The same keys on every arm, zero where a policy is absent: distinct messages held, stop-pull
     * declines, the pull discipline's counters and phase forwarding's.
     */
    @Override
    public Map<String, Object> extras() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("distinct", completion.count());
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
