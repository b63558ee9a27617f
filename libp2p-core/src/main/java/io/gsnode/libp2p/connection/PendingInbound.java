package io.gsnode.libp2p.connection;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * Inbound connections not yet handed to the host, counted in total and per remote IP address: on
 * TCP while multistream, Noise and yamux are negotiated, on a netty QUIC listener during the TLS
 * handshake, on a Kwik QUIC listener while the dialer is asked who it is over identify. Without a bound, connections that connect and never
 * speak each hold a channel (or a QUIC connection and its threads) and a timer until the
 * handshake timeout, however many a peer opens. The bounds are {@link ConnectionLimits}'
 * {@code maxPendingInbound} and {@code maxPendingInboundPerAddress}. A dialer on the listener's
 * own address counts toward the total only: on loopback every node of a local cell dials from
 * 127.0.0.1, and a node of degree 11 meets 11 of them at its dial instant. Thread-safe.
 */
public final class PendingInbound {

    private final int maxTotal;
    private final int maxPerAddress;
    private final Map<InetAddress, Integer> perAddress = new HashMap<>();
    private int total;

    public PendingInbound(ConnectionLimits limits) {
        this.maxTotal = limits.maxPendingInbound();
        this.maxPerAddress = limits.maxPendingInboundPerAddress();
    }

    /** Takes a slot for a connection from {@code remote} to {@code local}; null when taken, else why not. */
    public synchronized String admit(SocketAddress remote, SocketAddress local) {
        if (total >= maxTotal) return maxTotal + " inbound handshakes already in progress";
        InetAddress address = perAddressKey(remote, local);
        if (address != null) {
            int held = perAddress.getOrDefault(address, 0);
            if (held >= maxPerAddress) return held + " inbound handshakes from " + address.getHostAddress() + " already in progress";
            perAddress.put(address, held + 1);
        }
        total++;
        return null;
    }

    /** Connections holding a slot now. */
    public synchronized int inProgress() {
        return total;
    }

    /** Frees the slot {@link #admit} took, once the connection was handed over or failed. */
    public synchronized void release(SocketAddress remote, SocketAddress local) {
        total--;
        InetAddress address = perAddressKey(remote, local);
        if (address != null) perAddress.computeIfPresent(address, (a, n) -> n > 1 ? n - 1 : null);
    }

    /**
     * The address whose slots the connection takes; null when only the total bounds it: in-memory
     * channels have no IP address, and a dialer on our own address is one of our local peers.
     */
    private static InetAddress perAddressKey(SocketAddress remote, SocketAddress local) {
        if (!(remote instanceof InetSocketAddress inet)) return null;
        InetAddress address = inet.getAddress();
        if (local instanceof InetSocketAddress own && address != null && address.equals(own.getAddress())) return null;
        return address;
    }
}
