package io.gsnode.node.cell;

import java.util.List;
import java.util.Map;

/**
 * Nodes on 127.a.b.c of this host, unshaped. The host's CPU is sampled during the cell, as on the
 * netns backend: every node shares this host, so a saturated host says more about a cell's
 * latencies than the network does.
 */
final class LoopbackPlacement implements NodePlacement {

    private final HostCpuSampler sampler = new HostCpuSampler();

    @Override
    public String backend() {
        return "local";
    }

    @Override
    public List<String> nodeArgs(int index) {
        return List.of("--loopback");
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
