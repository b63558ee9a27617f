package io.gsnode.segmentation.arm;

/**
 * What an arm needs to know about the node and the cell it runs in.
 *
 * @param index the node's index in the topology
 * @param publisher whether this node publishes (node 0 in the report's cells)
 * @param payloadBytes P, the payload size of the cell
 * @param seed the cell's seed (graph seed; the payload seed is fixed by docs/arms.md §3.1)
 * @param n the number of nodes in the cell
 */
public record ArmContext(int index, boolean publisher, int payloadBytes, long seed, int n) {

    public ArmContext {
        if (payloadBytes < 1) throw new IllegalArgumentException("payload must be at least 1 byte, got " + payloadBytes);
        if (index < 0 || index >= n) throw new IllegalArgumentException("index " + index + " outside 0.." + (n - 1));
    }
}
