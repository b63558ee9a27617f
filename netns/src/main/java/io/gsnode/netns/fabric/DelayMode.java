package io.gsnode.netns.fabric;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

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

    public static DelayMode parse(String s) {
        for (DelayMode d : values()) {
            if (d.label.equals(s.toLowerCase(Locale.ROOT))) return d;
        }
        throw new IllegalArgumentException("unknown delay '" + s + "'; one of "
                + Arrays.stream(values()).map(DelayMode::label).collect(Collectors.joining(", ")));
    }
}
