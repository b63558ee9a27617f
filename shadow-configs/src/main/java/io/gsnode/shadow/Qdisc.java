package io.gsnode.shadow;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Shadow's interface queueing discipline, {@code experimental.interface_qdisc}, and the
 * {@code queue} value the node's record carries for it (docs/records.md §1.1).
 */
public enum Qdisc {

    /** Packets leave in the order they became sendable, across all sockets (≈ Linux pfifo). */
    @JsonProperty("fifo")
    FIFO("fifo", "fifo"),

    /**
     * One packet from each ready socket in turn: a fair share per socket, recorded as
     * {@code fair}, the record's name for a per-flow fair uplink on every backend. Over QUIC all
     * peers share one UDP socket, so it gives them no fairness among themselves.
     */
    @JsonProperty("round-robin")
    ROUND_ROBIN("round-robin", "fair");

    private final String shadowName;
    private final String recordName;

    Qdisc(String shadowName, String recordName) {
        this.shadowName = shadowName;
        this.recordName = recordName;
    }

    /**
     * The queue a {@code --queue} value names under Shadow: {@code fifo}, or {@code fair} (the name
     * every backend uses for a fair uplink) or {@code round-robin} (Shadow's own name for it).
     *
     * @throws IllegalArgumentException for another queue, naming the ones Shadow has
     */
    public static Qdisc parse(String queue) {
        return switch (queue) {
            case "fifo" -> FIFO;
            case "fair", "round-robin" -> ROUND_ROBIN;
            default -> throw new IllegalArgumentException("--queue " + queue + " is not a queue Shadow has: fifo, or fair (Shadow's "
                    + "round-robin); fq_codel is for the netns backend");
        };
    }

    /** The value of {@code experimental.interface_qdisc}. */
    public String shadowName() {
        return shadowName;
    }

    /** The {@code queue} of the node record. */
    public String recordName() {
        return recordName;
    }

    /** The name on the command line: what picocli matches an option's value against and what help lists. */
    @Override
    public String toString() {
        return shadowName;
    }
}
