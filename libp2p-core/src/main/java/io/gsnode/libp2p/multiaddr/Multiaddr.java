package io.gsnode.libp2p.multiaddr;

import io.gsnode.libp2p.multiformats.UVarint;
import io.gsnode.libp2p.peer.PeerId;
import java.io.ByteArrayOutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable multiaddr: a non-empty list of {@link Component}s, with a text form
 * ({@code /ip4/127.0.0.1/tcp/4001}) and a binary form (each component is
 * {@code uvarint(code)} then the value, length-prefixed when variable-size; docs/wire.md §1.3).
 *
 * <p>Equal, hashed and printed canonically: parsing {@code /ip6/0:0::1/tcp/080} and
 * {@code /ip6/::1/tcp/80} gives equal addresses that both print as the latter.
 */
public final class Multiaddr {

    private final List<Component> components;
    private final byte[] bytes;
    private final String text;

    private Multiaddr(List<Component> components) {
        if (components.isEmpty()) {
            throw new IllegalArgumentException("empty multiaddr: at least one component is needed");
        }
        this.components = List.copyOf(components);
        this.bytes = encode(this.components);
        StringBuilder sb = new StringBuilder();
        for (Component c : this.components) {
            sb.append(c);
        }
        this.text = sb.toString();
    }

    /** The address made of {@code components}, in order. */
    public static Multiaddr of(List<Component> components) {
        return new Multiaddr(components);
    }

    public static Multiaddr of(Component... components) {
        return new Multiaddr(Arrays.asList(components));
    }

    /**
     * Parses the text form. Trailing slashes are ignored, {@code /ipfs/} is read as {@code /p2p/},
     * and the p2p value may be base58 or CIDv1.
     *
     * @throws IllegalArgumentException naming the address and the offending component
     */
    public static Multiaddr parse(String text) {
        Objects.requireNonNull(text, "text");
        String trimmed = text;
        while (trimmed.length() > 1 && trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        if (trimmed.isEmpty() || trimmed.equals("/")) {
            throw new IllegalArgumentException("empty multiaddr \"" + text + "\"");
        }
        if (trimmed.charAt(0) != '/') {
            throw new IllegalArgumentException(
                    "invalid multiaddr \"" + text + "\": must start with '/'");
        }
        String[] parts = trimmed.substring(1).split("/", -1);
        List<Component> components = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            String name = parts[i];
            if (name.isEmpty()) {
                throw new IllegalArgumentException(
                        "invalid multiaddr \"" + text + "\": empty protocol name after "
                                + (components.isEmpty() ? "the leading '/'"
                                                        : components.get(components.size() - 1)));
            }
            Protocol protocol = Protocol.forText(name).orElseThrow(
                    () -> new IllegalArgumentException(
                            "invalid multiaddr \"" + text + "\": " + unknownName(name)));
            if (!protocol.hasValue()) {
                components.add(Component.of(protocol, ""));
                continue;
            }
            if (i + 1 >= parts.length) {
                throw new IllegalArgumentException(
                        "invalid multiaddr \"" + text + "\": component /" + name
                                + " is missing its value");
            }
            String value = parts[++i];
            try {
                components.add(Component.of(protocol, value));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "invalid multiaddr \"" + text + "\": component /" + name + "/" + value
                                + ": " + e.getMessage(), e);
            }
        }
        return new Multiaddr(components);
    }

    /**
     * Parses the binary form.
     *
     * @throws IllegalArgumentException naming the offending component and its byte offset
     */
    public static Multiaddr fromBytes(byte[] bytes) {
        if (bytes.length == 0) {
            throw new IllegalArgumentException("empty multiaddr: zero bytes");
        }
        List<Component> components = new ArrayList<>();
        int[] offset = {0};
        while (offset[0] < bytes.length) {
            int start = offset[0];
            long code;
            try {
                code = UVarint.read(bytes, offset);
            } catch (IllegalArgumentException e) {
                throw malformed(bytes, start, "bad protocol code: " + e.getMessage(), e);
            }
            Protocol protocol = Protocol.forCode(code).orElseThrow(
                    () -> malformed(bytes, start, unknownCode(code), null));
            int size = protocol.size();
            if (protocol.isVariableSize()) {
                long length;
                try {
                    length = UVarint.read(bytes, offset);
                } catch (IllegalArgumentException e) {
                    throw malformed(bytes, start,
                            "/" + protocol.text() + " has a bad length prefix: " + e.getMessage(), e);
                }
                if (length > bytes.length - offset[0]) {
                    throw malformed(bytes, start,
                            "/" + protocol.text() + " declares " + length + " value bytes but only "
                                    + (bytes.length - offset[0]) + " remain", null);
                }
                size = (int) length;
            } else if (size > bytes.length - offset[0]) {
                throw malformed(bytes, start,
                        "/" + protocol.text() + " needs " + size + " value bytes but only "
                                + (bytes.length - offset[0]) + " remain", null);
            }
            byte[] value = Arrays.copyOfRange(bytes, offset[0], offset[0] + size);
            offset[0] += size;
            try {
                components.add(new Component(protocol, value));
            } catch (IllegalArgumentException e) {
                throw malformed(bytes, start, "/" + protocol.text() + ": " + e.getMessage(), e);
            }
        }
        return new Multiaddr(components);
    }

    /** {@code /ip4/A/tcp/P} or {@code /ip6/A/tcp/P} for a resolved socket address. */
    public static Multiaddr tcp(InetSocketAddress address) {
        return new Multiaddr(List.of(ipComponent(address), portComponent(Protocol.TCP, address)));
    }

    /** {@code /ip4/A/udp/P/quic-v1} or {@code /ip6/A/udp/P/quic-v1} for a resolved socket address. */
    public static Multiaddr quic(InetSocketAddress address) {
        return new Multiaddr(List.of(ipComponent(address), portComponent(Protocol.UDP, address),
                new Component(Protocol.QUIC_V1, new byte[0])));
    }

    /** The binary form. */
    public byte[] bytes() {
        return bytes.clone();
    }

    public List<Component> components() {
        return components;
    }

    /** The text value of the first component of {@code protocol}, if there is one. */
    public Optional<String> valueOf(Protocol protocol) {
        for (Component c : components) {
            if (c.protocol() == protocol) {
                return Optional.of(c.valueText());
            }
        }
        return Optional.empty();
    }

    public boolean has(Protocol protocol) {
        return components.stream().anyMatch(c -> c.protocol() == protocol);
    }

    /** The peer ID of a trailing {@code /p2p} component. */
    public Optional<PeerId> peerId() {
        Component last = components.get(components.size() - 1);
        return last.protocol() == Protocol.P2P
                ? Optional.of(PeerId.fromBytes(last.valueUnsafe()))
                : Optional.empty();
    }

    /** This address ending in {@code /p2p/<peer>}, replacing a trailing {@code /p2p} if present. */
    public Multiaddr withPeerId(PeerId peer) {
        List<Component> out = new ArrayList<>(withoutTrailingP2p());
        out.add(new Component(Protocol.P2P, peer.bytes()));
        return new Multiaddr(out);
    }

    /**
     * This address without a trailing {@code /p2p} component; itself when there is none.
     *
     * @throws IllegalArgumentException when the address is only {@code /p2p/<peer>}
     */
    public Multiaddr withoutPeerId() {
        if (peerId().isEmpty()) {
            return this;
        }
        List<Component> rest = withoutTrailingP2p();
        if (rest.isEmpty()) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is only a peer ID; without it no address remains");
        }
        return new Multiaddr(rest);
    }

    /**
     * The IP socket address of an address that starts {@code /ip4|ip6/A/tcp|udp/P} (anything may
     * follow, e.g. {@code /quic-v1} or {@code /p2p}). No DNS lookup happens.
     *
     * @throws IllegalArgumentException for any other address, e.g. a {@code /dns4} one
     */
    public InetSocketAddress socketAddress() {
        if (components.size() < 2
                || (components.get(0).protocol() != Protocol.IP4
                        && components.get(0).protocol() != Protocol.IP6)
                || (components.get(1).protocol() != Protocol.TCP
                        && components.get(1).protocol() != Protocol.UDP)) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" has no IP socket address: it must start with /ip4 or /ip6"
                            + " then /tcp or /udp (resolve /dns* names first)");
        }
        byte[] ip = components.get(0).valueUnsafe();
        byte[] port = components.get(1).valueUnsafe();
        try {
            return new InetSocketAddress(InetAddress.getByAddress(ip),
                    ((port[0] & 0xFF) << 8) | (port[1] & 0xFF));
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a 4- or 16-byte address was refused", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Multiaddr m && Arrays.equals(bytes, m.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /** The canonical text form. */
    @Override
    public String toString() {
        return text;
    }

    private List<Component> withoutTrailingP2p() {
        return peerId().isPresent() ? components.subList(0, components.size() - 1) : components;
    }

    private static Component ipComponent(InetSocketAddress address) {
        if (address.isUnresolved()) {
            throw new IllegalArgumentException(
                    "socket address " + address + " is unresolved; a multiaddr needs an IP here");
        }
        InetAddress ip = address.getAddress();
        // An Inet6Address's scope ID (zone) has no place in /ip6 and is dropped.
        return new Component(ip instanceof Inet4Address ? Protocol.IP4 : Protocol.IP6,
                ip.getAddress());
    }

    private static Component portComponent(Protocol protocol, InetSocketAddress address) {
        int port = address.getPort();
        return new Component(protocol, new byte[] {(byte) (port >>> 8), (byte) port});
    }

    private static byte[] encode(List<Component> components) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Component c : components) {
            out.writeBytes(UVarint.encode(c.protocol().code()));
            byte[] value = c.valueUnsafe();
            if (c.protocol().isVariableSize()) {
                out.writeBytes(UVarint.encode(value.length));
            }
            out.writeBytes(value);
        }
        return out.toByteArray();
    }

    private static String unknownName(String name) {
        if (name.equals(Protocol.QUIC_DRAFT29_TEXT)) {
            return "/quic is draft-29 QUIC, which is obsolete and unsupported; use /quic-v1";
        }
        return "unknown protocol \"" + name + "\" (supported: ip4, ip6, tcp, udp, quic-v1, p2p,"
                + " dns, dns4, dns6)";
    }

    private static String unknownCode(long code) {
        if (code == Protocol.QUIC_DRAFT29_CODE) {
            return "protocol code 460 is /quic (draft-29), obsolete and unsupported; use /quic-v1"
                    + " (461)";
        }
        return "unknown protocol code " + code;
    }

    private static IllegalArgumentException malformed(
            byte[] bytes, int offset, String reason, Throwable cause) {
        return new IllegalArgumentException(
                "invalid binary multiaddr (" + bytes.length + " bytes), component at byte "
                        + offset + ": " + reason, cause);
    }
}
