package io.gsnode.node.run;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.libp2p.peer.PeerId;
import java.util.Map;

/**
 * What a node's phases set up and learn on the run's own thread, read by the record at the end; a
 * field left unset says the cell has no such phase, or the run was cut short before it.
 */
final class RunState {

    GossipRouter router;
    JitWarmup jit;
    NodeRecord.JitWarmup warmedUp;
    /** The schedule with the runner's epoch, once known. */
    Schedule schedule;
    CounterTotals atWarmup;
    CounterTotals atPublish;
    Map<PeerId, Long> sentAtWarmup;
    /** Gossip bytes sent each peer between the warm-up and the publish instants. */
    Map<String, Long> warmupSent;
    CongestionReadings cwnd;
    Integer meshAtPublish;
    Integer peersAtPublish;
    Integer meshAtEnd;
    long cpuAtPublish = -1;

    RunState(Schedule schedule) {
        this.schedule = schedule;
    }
}
