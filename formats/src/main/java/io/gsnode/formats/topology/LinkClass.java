package io.gsnode.formats.topology;

import java.util.Arrays;
import java.util.Optional;

/** What kind of access link a node has ({@code docs/arms.md} §10.3); rates live in {@link Scenario}. */
public enum LinkClass {
    /** A home validator: the scenario's home rates (50 / 100 Mbps by default). */
    HOME("home"),
    /** A datacenter node: symmetric 1 Gbps. */
    DATACENTER("datacenter"),
    /** The block builder (node 0 in {@code dcb20}): symmetric 1 Gbps. */
    BUILDER("builder");

    private final String wireName;

    LinkClass(String wireName) {
        this.wireName = wireName;
    }

    /** The spelling in the topology file. */
    public String wireName() {
        return wireName;
    }

    public static Optional<LinkClass> fromWireName(String name) {
        return Arrays.stream(values()).filter(c -> c.wireName.equals(name)).findFirst();
    }

    /** The accepted spellings, for error messages. */
    static String wireNames() {
        return String.join(", ", Arrays.stream(values()).map(LinkClass::wireName).toList());
    }
}
