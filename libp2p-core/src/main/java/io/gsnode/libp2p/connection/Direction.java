package io.gsnode.libp2p.connection;

/** Who opened a connection or stream. */
public enum Direction {
    INBOUND,
    OUTBOUND;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
