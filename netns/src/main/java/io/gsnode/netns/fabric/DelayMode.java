package io.gsnode.netns.fabric;

/**
 * How a pair's one-way latency is applied: a netem qdisc per ordered pair on the receiver's bridge
 * port; the userspace delay switch between TUN devices (any kernel); or not at all.
 */
public enum DelayMode {
    NETEM("netem"), USERSPACE("userspace"), NONE("none");

    private final String label;

    DelayMode(String label) {
        this.label = label;
    }

    /** The name on the command line and in records. */
    public String label() {
        return label;
    }

    /** Whether nodes sit on TUN devices served by the switch rather than veths on a bridge. */
    public boolean usesTun() {
        return this == USERSPACE;
    }

    /** The label: what picocli matches an option's value against and what help lists. */
    @Override
    public String toString() {
        return label;
    }
}
