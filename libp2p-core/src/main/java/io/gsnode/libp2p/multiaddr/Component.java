package io.gsnode.libp2p.multiaddr;

import java.util.Arrays;
import java.util.Objects;

/**
 * One {@code /protocol/value} step of a {@link Multiaddr}. The value is in binary form without
 * any length prefix (an empty array for {@code quic-v1}); it is validated on construction and
 * copied in and out, so a component is immutable.
 */
public record Component(Protocol protocol, byte[] value) {

    public Component {
        Objects.requireNonNull(protocol, "protocol");
        value = value.clone();
        ValueCodec.validate(protocol, value);
    }

    /** The component whose text value is {@code text} ("" for a protocol without a value). */
    public static Component of(Protocol protocol, String text) {
        if (!protocol.hasValue() && !text.isEmpty()) {
            throw new IllegalArgumentException(
                    "/" + protocol.text() + " takes no value, got \"" + text + "\"");
        }
        return new Component(protocol, ValueCodec.toBytes(protocol, text));
    }

    @Override
    public byte[] value() {
        return value.clone();
    }

    /** The value in text form, "" for a protocol without a value. */
    public String valueText() {
        return ValueCodec.toText(protocol, value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Component c && c.protocol == protocol && Arrays.equals(c.value, value);
    }

    @Override
    public int hashCode() {
        return protocol.hashCode() * 31 + Arrays.hashCode(value);
    }

    /** {@code /name/value}, or {@code /name} without a value. */
    @Override
    public String toString() {
        return protocol.hasValue() ? "/" + protocol.text() + "/" + valueText() : "/" + protocol.text();
    }

    /** Package-private: the raw array, for encoding without a copy. */
    byte[] valueUnsafe() {
        return value;
    }
}
