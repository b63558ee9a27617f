package io.gsnode.formats.topology;

import java.util.OptionalInt;

/**
 * The address plan: node i's IPv4 address, the one address every backend uses for it (the
 * generator writes it into the topology file; the netns backend puts it on the node's interface,
 * the Shadow config gives it as the host's {@code ip_addr}; the node binds to it).
 *
 * <pre>
 *   block = i / 254            host = i % 254 + 1          (host byte 1..254, never .0 or .255)
 *   ip(i) = 10 . (block / 256) . (block % 256) . host
 *
 *   node 0 → 10.0.0.1     node 253 → 10.0.0.254     node 254 → 10.0.1.1
 *   node 65023 → 10.0.255.254     node 65024 → 10.1.0.1
 * </pre>
 *
 * <p>Why this plan: 10/8 is private, so no real host is ever shadowed; Shadow refuses nothing in
 * it (Shadow accepts private ranges in a host's ip_addr since 3.3.0) and its own automatic addresses
 * start at 11.0.0.1, so the two cannot collide; keeping host bytes in 1..254 means no address looks
 * like a /24 network or broadcast address to tools that assume /24s; and it holds 254 × 65536 =
 * 16,646,144 nodes, far past the 60,000 the netns and Shadow backends need. The reference's own
 * scheme (docs/arms.md §10.5: UNCONFIRMED) is not known.
 */
public final class IpPlan {

    /** Host bytes per third-octet block: 1..254. */
    static final int HOSTS_PER_BLOCK = 254;

    /** Blocks: the second and third octets, 256 × 256. */
    static final int BLOCKS = 256 * 256;

    /** How many nodes the plan can address. */
    public static final int MAX_NODES = HOSTS_PER_BLOCK * BLOCKS;

    private IpPlan() {
    }

    /** The dotted-quad address of node {@code index}. */
    public static String ipOf(int index) {
        if (index < 0 || index >= MAX_NODES) {
            throw new IllegalArgumentException("index must be in 0.." + (MAX_NODES - 1) + ", was " + index);
        }
        int block = index / HOSTS_PER_BLOCK;
        int host = index % HOSTS_PER_BLOCK + 1;
        return "10." + (block / 256) + "." + (block % 256) + "." + host;
    }

    /** The node whose plan address {@code ip} is, or empty when {@code ip} is not a plan address. */
    public static OptionalInt indexOf(String ip) {
        int[] octets = Ipv4.parse(ip);
        if (octets == null || octets[0] != 10 || octets[3] < 1 || octets[3] > HOSTS_PER_BLOCK) return OptionalInt.empty();
        int block = octets[1] * 256 + octets[2];
        return OptionalInt.of(block * HOSTS_PER_BLOCK + octets[3] - 1);
    }
}
