package io.gsnode.node.run;

import com.fasterxml.jackson.annotation.JsonValue;

/** The transport a node speaks: TCP with Noise and yamux, or QUIC (its engine is the QUIC config's). */
public enum Transport {
    TCP("tcp"), QUIC("quic");

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    /** The name on the command line and in records' {@code transport}. */
    @JsonValue
    @Override
    public String toString() {
        return label;
    }
}
