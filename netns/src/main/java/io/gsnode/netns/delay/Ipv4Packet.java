package io.gsnode.netns.delay;

import java.nio.ByteBuffer;

/** The two facts the switch reads from a packet: is it IPv4, and where does it go. */
final class Ipv4Packet {

    static final int MIN_HEADER = 20;
    private static final int DESTINATION_OFFSET = 16;

    private Ipv4Packet() {
    }

    /** Whether the {@code length} bytes at the start of {@code packet} can be an IPv4 packet. */
    static boolean isIpv4(ByteBuffer packet, int length) {
        return length >= MIN_HEADER && (packet.get(0) & 0xf0) == 0x40;
    }

    /** The destination address as a big-endian int. */
    static int destination(ByteBuffer packet) {
        return packet.getInt(DESTINATION_OFFSET);
    }

    /** A dotted quad as a big-endian int; the topology reader has validated it already. */
    static int parseAddress(String dotted) {
        String[] parts = dotted.split("\\.");
        if (parts.length != 4) throw new IllegalArgumentException("not an IPv4 address: " + dotted);
        int value = 0;
        for (String part : parts) {
            int octet = Integer.parseInt(part);
            if (octet < 0 || octet > 255) throw new IllegalArgumentException("not an IPv4 address: " + dotted);
            value = value << 8 | octet;
        }
        return value;
    }

    static String format(int address) {
        return (address >>> 24) + "." + (address >>> 16 & 0xff) + "." + (address >>> 8 & 0xff) + "." + (address & 0xff);
    }
}
