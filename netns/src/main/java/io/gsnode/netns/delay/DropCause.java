package io.gsnode.netns.delay;

/** Why the switch dropped a packet; each cause has its own counter. */
public enum DropCause {
    /** The packet budget was spent: that many packets were already waiting out their delay. */
    BUDGET("budget"),
    /** The destination address is no node's. */
    UNKNOWN_DESTINATION("unknown_destination"),
    /** The destination node's device or namespace is gone (or its process, for /proc/PID paths). */
    DEAD_ENDPOINT("dead_endpoint"),
    /** The destination device refused the write (for instance it was set down: EIO). */
    WRITE_FAILED("write_failed"),
    /** Not an IPv4 packet (IPv6 neighbour discovery, router solicitations, ...). */
    NOT_IPV4("not_ipv4"),
    /** Longer than the switch's packet slots (the device's MTU was raised after attaching). */
    OVERSIZE("oversize");

    private final String label;

    DropCause(String label) {
        this.label = label;
    }

    /** The name in the stats JSON. */
    public String label() {
        return label;
    }
}
