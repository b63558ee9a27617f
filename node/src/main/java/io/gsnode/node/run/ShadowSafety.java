package io.gsnode.node.run;

import io.gsnode.formats.topology.TopologyNode;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.tcp.TcpConfig;

/**
 * What {@code gsnode run --shadow} changes so that a node runs as a Shadow 3.x host
 * (docs/shadow.md, "gsnode run --shadow"), and the checks the config generator shares with it.
 *
 * <p>Most of the node is Shadow-safe by construction (docs/architecture.md, Runtime model): it binds to the IP the
 * topology gives it and never enumerates interfaces to find one, TCP runs on Netty NIO, both QUIC
 * engines use JDK datagram channels, nothing sets {@code SO_REUSEADDR}/{@code SO_REUSEPORT} on UDP
 * or an IP-level option, and the UDP buffer sizes it asks for are set with the refusal tolerated.
 * What is left is what this class does:
 *
 * <ul>
 *   <li>Netty's channel ids want a machine id, which it takes from an interface's MAC address
 *       (reading each interface's hardware address, an ioctl Shadow refuses) unless
 *       {@code io.netty.machineId} is set; it is set, from the node index, before any channel
 *       exists, which also keeps ids distinct across hosts that all have pid 1000. Netty's
 *       {@code NetUtil} still asks for the interface list once, in its static initialiser (Shadow
 *       answers EINVAL; Netty logs a warning and goes on): no setting avoids that, and
 *       ShadowModeTest pins it down to that one call;</li>
 *   <li>TCP is forced onto NIO: Netty's epoll transport sets options Shadow refuses
 *       (TCP_QUICKACK, SO_REUSEPORT) and batches datagrams with sendmmsg (ENOSYS there);</li>
 *   <li>every UDP datagram must fit the token bucket of both links it crosses (Shadow
 *       shapes each host's up and down link with a token bucket): one larger than a bucket never
 *       conforms and stalls that host's link for good.</li>
 * </ul>
 */
public final class ShadowSafety {

    /** Shadow's token bucket holds one 1 ms refill plus this burst allowance. */
    public static final int BUCKET_BURST_BYTES = 1500;

    /** The packet length Shadow's token bucket counts includes the IPv4 and UDP headers. */
    public static final int UDP_IPV4_HEADER_BYTES = 20 + 8;

    private ShadowSafety() {
    }

    /**
     * The bytes a Shadow token bucket for {@code bitsPerSecond} holds when full: one refill (the
     * rate over 1 ms, at least one byte) plus {@link #BUCKET_BURST_BYTES}.
     */
    public static long bucketCapacityBytes(long bitsPerSecond) {
        return Math.max(1, bitsPerSecond / 8 / 1000) + BUCKET_BURST_BYTES;
    }

    /**
     * The largest UDP payload the QUIC engine of {@code quic} sends: the netty engine's
     * configured {@code maxUdpPayload}, Kwik's fixed packet size.
     */
    public static int largestDatagramPayload(QuicConfig quic) {
        Object v = quic.settingsInEffect().get("maxUdpPayload");
        if (!(v instanceof Number n)) {
            throw new IllegalStateException("QUIC engine " + quic.engine() + " does not report its maxUdpPayload");
        }
        return n.intValue();
    }

    /**
     * Null when every datagram {@code quic} sends fits both token buckets of {@code node}'s
     * access link, else why not (with the numbers). Checking each node's own up and down link
     * covers both ends of every path, since every node is checked.
     */
    public static String datagramProblem(QuicConfig quic, TopologyNode node) {
        long packet = largestDatagramPayload(quic) + (long) UDP_IPV4_HEADER_BYTES;
        long bucket = Math.min(bucketCapacityBytes(node.upBps()), bucketCapacityBytes(node.downBps()));
        if (packet <= bucket) return null;
        return "node " + node.index() + ": a " + packet + "-byte QUIC datagram (payload " + largestDatagramPayload(quic)
                + " + 28 header bytes) exceeds the " + bucket + "-byte Shadow token bucket of its "
                + node.upBps() + "/" + node.downBps() + " bit/s link and would stall it;"
                + " lower --max-udp-payload";
    }

    /** The TCP settings a Shadow host runs with: {@code tcp} on NIO. */
    public static TcpConfig tcpUnderShadow(TcpConfig tcp) {
        return tcp.epoll() ? tcp.withEpoll(false) : tcp;
    }

    /**
     * Sets the process-wide properties a node under Shadow needs before any Netty channel or JDK
     * socket exists: a Netty machine id (so no interface is enumerated for a MAC address) and the
     * IPv4 stack (Shadow has no IPv6; the generator passes {@code -Djava.net.preferIPv4Stack=true}
     * too, which is what takes effect when the JDK's networking was initialised before this runs).
     * Values the user set explicitly are kept.
     */
    public static void applyProcessProperties(int index) {
        if (System.getProperty("io.netty.machineId") == null) System.setProperty("io.netty.machineId", machineId(index));
        if (System.getProperty("java.net.preferIPv4Stack") == null) System.setProperty("java.net.preferIPv4Stack", "true");
    }

    /**
     * An EUI-64-shaped id made of the node index, locally administered (bit 1 of the first byte)
     * so it can never be a real MAC. Netty needs it unique per process only to keep channel ids
     * apart, and every Shadow host's first process has pid 1000, so the index is what separates them.
     */
    static String machineId(int index) {
        long v = 0x0200_0000_0000_0000L | (index & 0xffff_ffffL);
        StringBuilder b = new StringBuilder();
        for (int shift = 56; shift >= 0; shift -= 8) {
            if (b.length() > 0) b.append(':');
            b.append(String.format("%02x", (v >>> shift) & 0xff));
        }
        return b.toString();
    }
}
