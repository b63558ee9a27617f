package io.gsnode.libp2p.multiaddr;

import java.util.Optional;

/** The multiaddr protocols gsnode understands, with their code and value size (protocols.csv). */
public enum Protocol {
    IP4(4, "ip4", 4),
    IP6(41, "ip6", 16),
    TCP(6, "tcp", 2),
    UDP(273, "udp", 2),
    QUIC_V1(461, "quic-v1", 0),
    P2P(421, "p2p", Protocol.VARIABLE),
    DNS(53, "dns", Protocol.VARIABLE),
    DNS4(54, "dns4", Protocol.VARIABLE),
    DNS6(55, "dns6", Protocol.VARIABLE);

    /** {@link #size()} of a value that carries its own uvarint length prefix. */
    public static final int VARIABLE = -1;

    /** Obsolete draft-29 QUIC, recognised only to reject it helpfully. */
    static final int QUIC_DRAFT29_CODE = 460;
    static final String QUIC_DRAFT29_TEXT = "quic";
    /** The old name of {@code p2p}, still accepted in text by go-multiaddr. */
    static final String P2P_ALIAS = "ipfs";

    private final int code;
    private final String text;
    private final int size;

    Protocol(int code, String text, int size) {
        this.code = code;
        this.text = text;
        this.size = size;
    }

    /** The multicodec code, written as a uvarint in the binary form. */
    public int code() {
        return code;
    }

    /** The name used in the text form, e.g. {@code quic-v1}. */
    public String text() {
        return text;
    }

    /** The value size in bytes: fixed (4, 16, 2), 0 for none, or {@link #VARIABLE}. */
    public int size() {
        return size;
    }

    public boolean hasValue() {
        return size != 0;
    }

    public boolean isVariableSize() {
        return size == VARIABLE;
    }

    public static Optional<Protocol> forCode(long code) {
        for (Protocol p : values()) {
            if (p.code == code) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Looks up a text name; {@code ipfs} is accepted as the old name of {@code p2p}. */
    public static Optional<Protocol> forText(String text) {
        if (P2P_ALIAS.equals(text)) {
            return Optional.of(P2P);
        }
        for (Protocol p : values()) {
            if (p.text.equals(text)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
