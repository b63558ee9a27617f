package io.gsnode.node.cell;

import io.gsnode.node.run.PeerAddressing;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
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
    public PeerAddressing addressing() {
        return PeerAddressing.LOOPBACK;
    }

    /** Port 9000 of 127.0.0.x, which every local cell's nodes listen on ({@link LoopbackClaim}). */
    @Override
    public Closeable claimHost(PrintStream progress) throws IOException {
        return LoopbackClaim.acquire(progress);
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
