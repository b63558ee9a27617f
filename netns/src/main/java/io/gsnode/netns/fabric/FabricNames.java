package io.gsnode.netns.fabric;

import java.util.regex.Pattern;

/**
 * Names of one fabric's namespaces and devices. A tag keeps fabrics apart, so two cells (or a
 * cell and a hand-built fabric) never touch each other's namespaces, and {@code down} finds
 * everything a fabric made from its tag alone.
 *
 * <pre>
 *   fabric namespace  gsf-TAG        bridge br0, node i's port p{i}
 *   node namespace    gsn-TAG-{i}    eth0 (veth) or gs0 (TUN), ifb0 for the downlink
 * </pre>
 */
public record FabricNames(String tag) {

    private static final Pattern TAG = Pattern.compile("[a-z0-9]{1,12}");

    /** The node's interface when it sits on a veth. */
    public static final String VETH = "eth0";
    /** The node's interface when it sits on a TUN device served by the delay switch. */
    public static final String TUN = "gs0";
    /** The device the node's ingress is redirected to, for downlink shaping. */
    public static final String IFB = "ifb0";
    /** The bridge in the fabric namespace. */
    public static final String BRIDGE = "br0";

    public FabricNames {
        if (!TAG.matcher(tag).matches()) {
            throw new IllegalArgumentException("a fabric tag is 1-12 lower-case letters or digits, was '" + tag + "'");
        }
    }

    public String fabricNamespace() {
        return "gsf-" + tag;
    }

    public String nodeNamespace(int index) {
        return "gsn-" + tag + "-" + index;
    }

    /** Prefix shared by every node namespace, {@code nodeNamespace(i) = prefix + i}. */
    public String nodeNamespacePrefix() {
        return "gsn-" + tag + "-";
    }

    /** Node i's port on the bridge (interface names are at most 15 bytes: p0..p99999999). */
    public static String port(int index) {
        return "p" + index;
    }

    /** A locally administered MAC for node i's veth, so neighbour entries can be written ahead. */
    public static String mac(int index) {
        return String.format("02:67:73:%02x:%02x:%02x", (index >> 16) & 0xff, (index >> 8) & 0xff, index & 0xff);
    }
}
