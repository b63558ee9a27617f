package io.gsnode.libp2p.connection;

import java.util.Locale;

/** Who opened a connection or stream. */
public enum Direction {
    INBOUND,
    OUTBOUND;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
