package io.gsnode.node.cell;

import io.gsnode.formats.record.NodeRecord;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Which implementation runs each node of a cell: gsnode everywhere ({@code java}), the interop go
 * peer's {@code run} mode everywhere ({@code go}, go-libp2p as the reference), or the two
 * alternating ({@code mixed}): the publisher runs {@code publisherImpl}, and every other node the
 * implementation its index's distance from the publisher's makes it, even the publisher's, odd the
 * other one, so every mesh mixes both.
 *
 * @param goPeer the go peer's binary; null when no node runs go
 */
public record NodeImpls(Kind kind, String publisherImpl, Path goPeer) {

    public enum Kind { java, go, mixed }

    public static final String GO = "go";

    /** Every node is gsnode's. */
    public static final NodeImpls JAVA = new NodeImpls(Kind.java, NodeRecord.JAVA, null);

    public NodeImpls {
        Objects.requireNonNull(kind, "kind");
        if (!NodeRecord.JAVA.equals(publisherImpl) && !GO.equals(publisherImpl)) {
            throw new IllegalArgumentException("the publisher runs java or go, not '" + publisherImpl + "'");
        }
        if (kind == Kind.java && GO.equals(publisherImpl) || kind == Kind.go && NodeRecord.JAVA.equals(publisherImpl)) {
            throw new IllegalArgumentException("a " + kind + " cell's publisher runs " + kind + ", not " + publisherImpl);
        }
        if (kind != Kind.java && goPeer == null) throw new IllegalArgumentException("a " + kind + " cell needs the go peer's binary");
    }

    /** {@code kind}'s cell with the publisher on {@code publisherImpl} (only mixed cells have a choice). */
    public static NodeImpls of(Kind kind, String publisherImpl, Path goPeer) {
        return new NodeImpls(kind, kind == Kind.mixed ? publisherImpl : kind.name(), kind == Kind.java ? null : goPeer);
    }

    /** The implementation of node {@code index} when node {@code publisher} publishes. */
    public String of(int index, int publisher) {
        return switch (kind) {
            case java -> NodeRecord.JAVA;
            case go -> GO;
            case mixed -> Math.floorMod(index - publisher, 2) == 0 ? publisherImpl : other(publisherImpl);
        };
    }

    private static String other(String impl) {
        return GO.equals(impl) ? NodeRecord.JAVA : GO;
    }
}
