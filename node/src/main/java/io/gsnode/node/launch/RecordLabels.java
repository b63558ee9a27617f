package io.gsnode.node.launch;

import java.util.Objects;

/**
 * What a node's record says of its cell and does not act on: the cell label, the backend, the
 * fabric's queue and delay, and the repetition.
 */
public record RecordLabels(String cell, String backend, String queue, String delay, int run) {

    /** {@code gsnode run}'s own defaults: a single node on this host. */
    public static final RecordLabels DEFAULT = new RecordLabels("cell", "local", "none", "none", 0);

    public RecordLabels {
        Objects.requireNonNull(cell, "cell");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(delay, "delay");
    }
}
