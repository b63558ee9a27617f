package io.gsnode.harness;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A harness node's id, from its host name {@code node<i>}. The name comes from gethostname(2),
 * which Shadow answers with the simulated host's name; {@code /etc/hostname} and {@code /proc}
 * would read the real machine's.
 */
public final class NodeName {

    private static final Pattern NAME = Pattern.compile("node(\\d{1,9})");

    private NodeName() {
    }

    /** {@code node<i>} -> i; anything else is an {@link IllegalArgumentException}. */
    public static int idOf(String hostName) {
        String first = hostName.strip();
        int dot = first.indexOf('.');
        if (dot > 0) first = first.substring(0, dot);
        Matcher m = NAME.matcher(first);
        if (!m.matches()) throw new IllegalArgumentException("the host name '" + hostName + "' is not node<i>");
        return Integer.parseInt(m.group(1));
    }

    /** This host's node id. */
    public static int ofThisHost() {
        try {
            return idOf(InetAddress.getLocalHost().getHostName());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot read this host's name: " + e.getMessage());
        }
    }

    /** The host name the harness gives node {@code id}, which its peers resolve to dial it. */
    public static String of(int id) {
        return "node" + id;
    }
}
