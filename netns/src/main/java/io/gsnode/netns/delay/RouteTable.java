package io.gsnode.netns.delay;

import java.util.Arrays;
import java.util.List;

/**
 * Destination IPv4 address to node index: an open-addressing table (linear probing, no boxing),
 * built once from the topology's node addresses and read by every reader thread.
 */
final class RouteTable {

    private static final int EMPTY = -1;

    private final int[] keys;
    private final int[] nodes;
    private final int mask;

    RouteTable(List<String> addresses) {
        int capacity = Integer.highestOneBit(Math.max(4, addresses.size() * 2 - 1)) << 1;
        keys = new int[capacity];
        nodes = new int[capacity];
        Arrays.fill(nodes, EMPTY);
        mask = capacity - 1;
        for (int i = 0; i < addresses.size(); i++) {
            int address = Ipv4Packet.parseAddress(addresses.get(i));
            int slot = slotOf(address);
            while (nodes[slot] != EMPTY) {
                if (keys[slot] == address) {
                    throw new IllegalArgumentException("nodes " + nodes[slot] + " and " + i + " share address " + addresses.get(i));
                }
                slot = slot + 1 & mask;
            }
            keys[slot] = address;
            nodes[slot] = i;
        }
    }

    /** The node that owns {@code address}, or -1. */
    int nodeOf(int address) {
        int slot = slotOf(address);
        while (true) {
            int node = nodes[slot];
            if (node == EMPTY || keys[slot] == address) return node;
            slot = slot + 1 & mask;
        }
    }

    private int slotOf(int address) {
        int h = address * 0x9E3779B9;
        return (h ^ h >>> 16) & mask;
    }
}
