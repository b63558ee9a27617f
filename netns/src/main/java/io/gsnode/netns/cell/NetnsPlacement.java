package io.gsnode.netns.cell;

import io.gsnode.netns.delay.DelaySwitch;
import io.gsnode.netns.delay.DropCause;
import io.gsnode.netns.delay.SwitchStats;
import io.gsnode.netns.fabric.FabricPlan;
import io.gsnode.node.cell.HostCpuSampler;
import io.gsnode.node.cell.NodePlacement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Node i runs in its own namespace of a built fabric; the host's CPU is sampled during the cell,
 * and with the delay switch its work during the cell goes beside it.
 */
final class NetnsPlacement implements NodePlacement {

    private final FabricPlan plan;
    private final DelaySwitch delaySwitch;
    private final HostCpuSampler sampler = new HostCpuSampler();
    private SwitchStats atStart;

    /** @param delaySwitch the switch serving the fabric, or null */
    NetnsPlacement(FabricPlan plan, DelaySwitch delaySwitch) {
        this.plan = plan;
        this.delaySwitch = delaySwitch;
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
        if (delaySwitch != null) atStart = delaySwitch.stats();
    }

    /**
     * The sampled host load, and with the switch what it did from the epoch to now: packets, drops,
     * its threads' CPU, and its delivery lateness (percentiles since the switch started).
     */
    @Override
    public Map<String, Object> hostFields() {
        Map<String, Object> host = new LinkedHashMap<>(sampler.stop());
        if (delaySwitch != null && atStart != null) {
            SwitchStats now = delaySwitch.stats();
            host.put("switch_packets", now.packets() - atStart.packets());
            long notIpv4 = now.drops(DropCause.NOT_IPV4) - atStart.drops(DropCause.NOT_IPV4);
            // Packets of the cell that never arrived; stray non-IPv4 frames are counted apart.
            host.put("switch_dropped", now.dropped() - atStart.dropped() - notIpv4);
            host.put("switch_dropped_not_ipv4", notIpv4);
            host.put("switch_cpu_ms", now.cpuMs() - atStart.cpuMs());
            host.put("switch_late_p50_us", now.latenessUs().p50());
            host.put("switch_late_p99_us", now.latenessUs().p99());
        }
        return host;
    }
}
