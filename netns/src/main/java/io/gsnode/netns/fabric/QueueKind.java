package io.gsnode.netns.fabric;

/**
 * The leaf queue behind each HTB rate limit (uplink and downlink alike). {@code fifo} is
 * Shadow-like, {@code fq_codel} harness-like; {@code fair} serves one HTB leaf per peer
 * round-robin, a per-destination fair share that needs no fq_codel in the kernel.
 */
public enum QueueKind {
    FIFO("fifo"), FQ_CODEL("fq_codel"), FAIR("fair");

    private final String label;

    QueueKind(String label) {
        this.label = label;
    }

    /**
     * The queue a {@code --queue} value names on the netns fabric.
     *
     * @throws IllegalArgumentException for another queue, naming the ones the fabric has
     */
    public static QueueKind parse(String queue) {
        for (QueueKind k : values()) if (k.label.equals(queue)) return k;
        throw new IllegalArgumentException("--queue " + queue + " is not a queue the netns fabric has: fifo, fq_codel or fair"
                + ("round-robin".equals(queue) ? " (Shadow's round-robin is fair here)" : ""));
    }

    /** The name on the command line and in records. */
    public String label() {
        return label;
    }

    /** The label: what picocli matches an option's value against and what help lists. */
    @Override
    public String toString() {
        return label;
    }
}
