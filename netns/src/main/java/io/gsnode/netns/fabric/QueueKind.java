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
