package io.gsnode.libp2p.connection;

import java.util.Locale;

/** Where a connection failed: the layer whose rules the remote broke, or ours that refused it. */
public enum FailureKind {
    MULTISTREAM,
    SECURITY,
    MUXER,
    LIMIT,
    TRANSPORT;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
