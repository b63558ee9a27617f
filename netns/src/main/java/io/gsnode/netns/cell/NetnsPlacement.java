package io.gsnode.netns.cell;

import io.gsnode.netns.fabric.FabricPlan;
import io.gsnode.node.cell.NodePlacement;
import java.util.List;
import java.util.Map;

/** Node i runs in its own namespace of a built fabric; the host's CPU is sampled during the cell. */
final class NetnsPlacement implements NodePlacement {

    private final FabricPlan plan;
    private final HostCpuSampler sampler = new HostCpuSampler();

    NetnsPlacement(FabricPlan plan) {
        this.plan = plan;
    }

    @Override
    public String backend() {
        return "netns";
    }

    @Override
    public String queue() {
        return plan.queue().label();
    }

    @Override
    public String delay() {
        return plan.delay().label();
    }

    @Override
    public List<String> launchPrefix(int index) {
        return List.of("ip", "netns", "exec", plan.names().nodeNamespace(index));
    }

    @Override
    public void cellStarted(long publishEpochMs, long endEpochMs) {
        sampler.start(publishEpochMs, endEpochMs);
    }

    @Override
    public Map<String, Object> hostFields() {
        return sampler.stop();
    }
}
