package io.gsnode.netns.fabric;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

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

    public static QueueKind parse(String s) {
        for (QueueKind q : values()) {
            if (q.label.equals(s.toLowerCase(Locale.ROOT))) return q;
        }
        throw new IllegalArgumentException("unknown queue '" + s + "'; one of "
                + Arrays.stream(values()).map(QueueKind::label).collect(Collectors.joining(", ")));
    }
}
