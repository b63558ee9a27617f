package io.gsnode.formats.topology;

/**
 * Strict dotted-quad IPv4 parsing and the check that an address can be a node's. Parsed by hand
 * because {@code InetAddress.getByName} would accept host names (and look them up) and odd forms
 * such as "10.1" or octal octets.
 */
final class Ipv4 {

    private Ipv4() {
    }

    /** The four octets of a canonical dotted quad (no leading zeros), or null if it is not one. */
    static int[] parse(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) return null;
        int[] octets = new int[4];
        for (int k = 0; k < 4; k++) {
            String part = parts[k];
            if (part.isEmpty() || part.length() > 3 || (part.length() > 1 && part.charAt(0) == '0')) return null;
            for (int c = 0; c < part.length(); c++) {
                if (part.charAt(c) < '0' || part.charAt(c) > '9') return null;
            }
            octets[k] = Integer.parseInt(part);
            if (octets[k] > 255) return null;
        }
        return octets;
    }

    /**
     * Why {@code text} cannot be a node's address, or null if it can. A node needs a unicast
     * address other hosts can reach: Shadow refuses 0.0.0.0, loopback, multicast and broadcast
     * as a host's ip_addr, and so does any real fabric.
     */
    static String problemWith(String text) {
        int[] o = parse(text);
        if (o == null) return "is not a dotted-quad IPv4 address";
        if (o[0] == 0) return "is in 0.0.0.0/8 (\"this network\"), not a host address";
        if (o[0] == 127) return "is a loopback address";
        if (o[0] >= 224 && o[0] <= 239) return "is a multicast address";
        if (o[0] >= 240) return "is in 240.0.0.0/4 (reserved or broadcast)";
        return null;
    }
}
