package io.gsnode.transport.tcp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * Inbound connections still being upgraded (multistream, Noise, yamux), counted in total and per
 * remote IP address. Without a bound, connections that connect and never speak each hold a
 * channel and a timer until the handshake timeout, however many a peer opens. Thread-safe.
 */
final class PendingUpgrades {

    private final int maxTotal;
    private final int maxPerAddress;
    private final Map<InetAddress, Integer> perAddress = new HashMap<>();
    private int total;

    PendingUpgrades(int maxTotal, int maxPerAddress) {
        this.maxTotal = maxTotal;
        this.maxPerAddress = maxPerAddress;
    }

    /** Takes a slot for a connection from {@code remote}; null when taken, else why not. */
    synchronized String admit(SocketAddress remote) {
        if (total >= maxTotal) return maxTotal + " inbound handshakes already in progress";
        InetAddress address = addressOf(remote);
        if (address != null) {
            int held = perAddress.getOrDefault(address, 0);
            if (held >= maxPerAddress) return held + " inbound handshakes from " + address.getHostAddress() + " already in progress";
            perAddress.put(address, held + 1);
        }
        total++;
        return null;
    }

    /** Frees the slot {@link #admit} took, once the upgrade succeeded or failed. */
    synchronized void release(SocketAddress remote) {
        total--;
        InetAddress address = addressOf(remote);
        if (address != null) perAddress.computeIfPresent(address, (a, n) -> n > 1 ? n - 1 : null);
    }

    /** In-memory channels have no IP address: only the total bounds them. */
    private static InetAddress addressOf(SocketAddress remote) {
        return remote instanceof InetSocketAddress inet ? inet.getAddress() : null;
    }
}
