package io.gsnode.libp2p.multiaddr;

import io.gsnode.libp2p.peer.PeerId;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Converts a component's value between its text and binary forms (docs/wire.md §1.3).
 * Errors carry only the reason; {@link Multiaddr} adds which component and address.
 */
final class ValueCodec {

    private ValueCodec() {}

    static byte[] toBytes(Protocol protocol, String text) {
        return switch (protocol) {
            case IP4 -> IpText.parseIp4(text);
            case IP6 -> IpText.parseIp6(text);
            case TCP, UDP -> port(text);
            case P2P -> PeerId.parse(text).bytes();
            case DNS, DNS4, DNS6 -> {
                checkDnsName(text);
                yield text.getBytes(StandardCharsets.UTF_8);
            }
            case QUIC_V1 -> new byte[0];
        };
    }

    static String toText(Protocol protocol, byte[] value) {
        return switch (protocol) {
            case IP4 -> IpText.formatIp4(value);
            case IP6 -> IpText.formatIp6(value);
            case TCP, UDP -> Integer.toString(((value[0] & 0xFF) << 8) | (value[1] & 0xFF));
            case P2P -> PeerId.fromBytes(value).toBase58();
            case DNS, DNS4, DNS6 -> new String(value, StandardCharsets.UTF_8);
            case QUIC_V1 -> "";
        };
    }

    /** Checks a binary value: its size, and for the variable-size ones, its content. */
    static void validate(Protocol protocol, byte[] value) {
        if (!protocol.isVariableSize()) {
            if (value.length != protocol.size()) {
                throw new IllegalArgumentException(
                        protocol.text() + " value must be " + protocol.size() + " bytes, got "
                                + value.length);
            }
            return;
        }
        switch (protocol) {
            case P2P -> PeerId.fromBytes(value);
            case DNS, DNS4, DNS6 -> {
                String name;
                try {
                    name = StandardCharsets.UTF_8.newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(value))
                            .toString();
                } catch (CharacterCodingException e) {
                    throw new IllegalArgumentException("name is not valid UTF-8", e);
                }
                checkDnsName(name);
            }
            default -> throw new IllegalStateException(protocol + " has no variable-size rule");
        }
    }

    private static byte[] port(String text) {
        if (text.isEmpty() || text.length() > 5 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("port \"" + text + "\" is not a decimal number 0..65535");
        }
        int port = Integer.parseInt(text);
        if (port > 0xFFFF) {
            throw new IllegalArgumentException("port " + port + " is out of range 0..65535");
        }
        return new byte[] {(byte) (port >>> 8), (byte) port};
    }

    /** A '/' would make the text form ambiguous; an empty name names nothing. */
    private static void checkDnsName(String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("empty DNS name");
        }
        if (name.indexOf('/') >= 0) {
            throw new IllegalArgumentException("DNS name \"" + name + "\" contains '/'");
        }
    }
}
