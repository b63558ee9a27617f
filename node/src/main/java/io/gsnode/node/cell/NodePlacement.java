package io.gsnode.node.cell;

import io.gsnode.node.run.PeerAddressing;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * Where a cell's nodes run and what that means for their records: on loopback (the local
 * backend, {@link LoopbackPlacement}), or one per network namespace on a shaped fabric (the netns
 * backend). The runner launches {@code prefix + java ... gsnode run ...}.
 */
public interface NodePlacement {

    /** {@code local}, {@code netns} or {@code shadow}, for the records. */
    String backend();

    /** The fabric's queue discipline as applied, for the records. */
    default String queue() {
        return "none";
    }

    /** How pair latency is applied, for the records. */
    default String delay() {
        return "none";
    }

    /** Words before the java command, e.g. {@code ip netns exec NS}. */
    default List<String> launchPrefix(int index) {
        return List.of();
    }

    /** Where the nodes listen and find each other: their topology addresses unless the placement says otherwise. */
    default PeerAddressing addressing() {
        return PeerAddressing.TOPOLOGY;
    }

    /**
     * Holds what the cell's nodes need of the host exclusively, from before the first node starts
     * until {@code close}; waits, saying so on {@code progress}, while another cell holds it.
     */
    default Closeable claimHost(PrintStream progress) throws IOException {
        return () -> {};
    }

    /** Called once the instants are fixed; a backend that samples host load starts here. */
    default void cellStarted(long publishEpochMs, long endEpochMs) {
    }

    /** The cell summary's {@code host} fields once the cell ended (empty where nothing was sampled). */
    default Map<String, Object> hostFields() {
        return Map.of();
    }
}
