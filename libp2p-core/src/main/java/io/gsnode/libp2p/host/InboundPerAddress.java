package io.gsnode.libp2p.host;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.Direction;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Established inbound connections by remote address ({@link ConnectionLimits#maxInboundPerAddress}):
 * one machine with many identities may hold a few of a node's connections, never all of them. An
 * IPv6 remote counts by its /56, as go-libp2p's resource manager counts it, since one host is
 * given a whole prefix. Not thread-safe: the {@link Host} calls it under its lock.
 */
final class InboundPerAddress {

    private final ConnectionLimits limits;
    private final Map<InetAddress, Integer> held = new HashMap<>();

    InboundPerAddress(ConnectionLimits limits) {
        this.limits = limits;
    }

    /** Whether one more inbound connection from {@code conn}'s address fits. */
    boolean fits(Connection conn) {
        InetAddress key = key(conn);
        return key == null || held.getOrDefault(key, 0) < bound(key);
    }

    void add(Connection conn) {
        InetAddress key = key(conn);
        if (key != null) held.merge(key, 1, Integer::sum);
    }

    void remove(Connection conn) {
        InetAddress key = key(conn);
        if (key != null) held.computeIfPresent(key, (k, n) -> n > 1 ? n - 1 : null);
    }

    /** What the bound is for {@code key}'s connections: eight times as many for an IPv6 /56. */
    int bound(InetAddress key) {
        return key instanceof Inet6Address ? 8 * limits.maxInboundPerAddress() : limits.maxInboundPerAddress();
    }

    /** The address or prefix an inbound connection counts under; null when it is not counted. */
    InetAddress key(Connection conn) {
        if (conn.direction() != Direction.INBOUND) return null;
        InetAddress address;
        try {
            address = conn.remoteAddr().socketAddress().getAddress();
        } catch (IllegalArgumentException e) {
            return null; // in-memory channels have no IP address
        }
        if (limits.exemptLoopback() && address.isLoopbackAddress()) return null;
        return countedAs(address);
    }

    /** An IPv4 address as itself, an IPv6 one as its /56 (the rest zero). */
    static InetAddress countedAs(InetAddress address) {
        if (!(address instanceof Inet6Address)) return address;
        byte[] prefix = Arrays.copyOf(address.getAddress(), 16);
        Arrays.fill(prefix, 7, 16, (byte) 0);
        try {
            return InetAddress.getByAddress(prefix);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a 16-byte address was refused", e);
        }
    }
}
