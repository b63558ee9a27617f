package io.gsnode.libp2p.multiaddr;

/**
 * Text forms of IP addresses, parsed and printed by hand: {@code InetAddress.getByName} would
 * start a DNS lookup for anything that is not a literal, and does not print RFC 5952 form.
 */
final class IpText {

    private IpText() {}

    /** Dotted-quad IPv4; leading zeros are refused, as go does, since some read them as octal. */
    static byte[] parseIp4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is not a dotted-quad IPv4 address (4 decimal octets)");
        }
        byte[] out = new byte[4];
        for (int i = 0; i < 4; i++) {
            out[i] = (byte) parseOctet(parts[i], text);
        }
        return out;
    }

    private static int parseOctet(String part, String text) {
        if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is not a dotted-quad IPv4 address: bad octet \"" + part + "\"");
        }
        if (part.length() > 1 && part.charAt(0) == '0') {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is not a dotted-quad IPv4 address: octet \"" + part
                            + "\" has a leading zero");
        }
        int v = Integer.parseInt(part);
        if (v > 255) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is not a dotted-quad IPv4 address: octet " + v
                            + " is out of range 0..255");
        }
        return v;
    }

    static String formatIp4(byte[] b) {
        return (b[0] & 0xFF) + "." + (b[1] & 0xFF) + "." + (b[2] & 0xFF) + "." + (b[3] & 0xFF);
    }

    /**
     * RFC 4291 §2.2 text: eight groups of 1-4 hex digits, at most one {@code ::} standing for one
     * or more zero groups, optionally ending in a dotted-quad IPv4 address.
     */
    static byte[] parseIp6(String text) {
        if (text.indexOf('%') >= 0) {
            throw new IllegalArgumentException(
                    "\"" + text + "\": IPv6 zone identifiers are not supported");
        }
        int ellipsis = text.indexOf("::");
        if (ellipsis >= 0 && text.indexOf("::", ellipsis + 1) >= 0) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is not an IPv6 address: more than one \"::\"");
        }
        int[] head = ellipsis < 0 ? parseGroups(text, text, true)
                : parseGroups(text.substring(0, ellipsis), text, false);
        int[] tail = ellipsis < 0 ? new int[0] : parseGroups(text.substring(ellipsis + 2), text, true);
        int groups = head.length + tail.length;
        if (ellipsis < 0 ? groups != 8 : groups > 7) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is not an IPv6 address: " + groups + " groups"
                            + (ellipsis < 0 ? ", expected 8" : " besides \"::\", at most 7"));
        }
        byte[] out = new byte[16];
        for (int i = 0; i < head.length; i++) {
            out[2 * i] = (byte) (head[i] >>> 8);
            out[2 * i + 1] = (byte) head[i];
        }
        for (int i = 0; i < tail.length; i++) {
            int g = 8 - tail.length + i;
            out[2 * g] = (byte) (tail[i] >>> 8);
            out[2 * g + 1] = (byte) tail[i];
        }
        return out;
    }

    /** Colon-separated groups; an IPv4 tail counts as two groups. Empty text is no groups. */
    private static int[] parseGroups(String part, String text, boolean ip4TailAllowed) {
        if (part.isEmpty()) {
            return new int[0];
        }
        String[] fields = part.split(":", -1);
        int last = fields.length - 1;
        boolean ip4Tail = ip4TailAllowed && fields[last].indexOf('.') >= 0;
        int[] out = new int[fields.length + (ip4Tail ? 1 : 0)];
        for (int i = 0; i < fields.length; i++) {
            String f = fields[i];
            if (i == last && ip4Tail) {
                byte[] v4 = parseIp4(f);
                out[i] = ((v4[0] & 0xFF) << 8) | (v4[1] & 0xFF);
                out[i + 1] = ((v4[2] & 0xFF) << 8) | (v4[3] & 0xFF);
            } else if (f.isEmpty() || f.length() > 4
                    || !f.chars().allMatch(c -> Character.digit(c, 16) >= 0 && c < 128)) {
                throw new IllegalArgumentException(
                        "\"" + text + "\" is not an IPv6 address: bad group \"" + f + "\"");
            } else {
                out[i] = Integer.parseInt(f, 16);
            }
        }
        return out;
    }

    /**
     * RFC 5952 §4: lowercase, no leading zeros, the longest run of two or more zero groups (the
     * first on a tie) as {@code ::}. An IPv4-mapped address prints as {@code ::ffff:a.b.c.d},
     * as go-multiaddr prints it.
     */
    static String formatIp6(byte[] b) {
        int[] g = new int[8];
        for (int i = 0; i < 8; i++) {
            g[i] = ((b[2 * i] & 0xFF) << 8) | (b[2 * i + 1] & 0xFF);
        }
        if (g[0] == 0 && g[1] == 0 && g[2] == 0 && g[3] == 0 && g[4] == 0 && g[5] == 0xFFFF) {
            return "::ffff:" + (b[12] & 0xFF) + "." + (b[13] & 0xFF) + "." + (b[14] & 0xFF) + "."
                    + (b[15] & 0xFF);
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            if (g[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && g[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j;
        }
        StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                sb.append("::");
                i += bestLength - 1;
                continue;
            }
            if (sb.length() > 0 && sb.charAt(sb.length() - 1) != ':') {
                sb.append(':');
            }
            sb.append(Integer.toHexString(g[i]));
        }
        return sb.toString();
    }
}
