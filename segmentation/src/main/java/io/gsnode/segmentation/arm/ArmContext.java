package io.gsnode.segmentation.arm;

import java.util.List;

/**
 * What an arm needs to know about the node and the cell it runs in.
 *
 * @param index the node's index in the topology
 * @param publisher whether this node publishes (node 0 in the report's cells)
 * @param payloadBytes P, the payload size of the cell
 * @param seed the cell's seed (graph seed; the payload seed is fixed by docs/arms.md §3.1)
 * @param n the number of nodes in the cell
 * @param warmup whether the cell diffuses the warm-up payload before the measured one
 *     ({@link Diffusion#WARMUP}): the node then accepts, forwards and tracks both
 */
public record ArmContext(int index, boolean publisher, int payloadBytes, long seed, int n, boolean warmup) {

    public ArmContext {
        if (payloadBytes < 1) throw new IllegalArgumentException("payload must be at least 1 byte, got " + payloadBytes);
        if (index < 0 || index >= n) throw new IllegalArgumentException("index " + index + " outside 0.." + (n - 1));
    }

    /** A cold cell: the measured payload only. */
    public ArmContext(int index, boolean publisher, int payloadBytes, long seed, int n) {
        this(index, publisher, payloadBytes, seed, n, false);
    }

    /** The diffusions this node carries, in the order they are published. */
    public List<Diffusion> diffusions() {
        return warmup ? List.of(Diffusion.WARMUP, Diffusion.MEASURED) : List.of(Diffusion.MEASURED);
    }
}
