package io.gsnode.formats.topology;

/**
 * A node's access link: its class and its shaped rates in bits per second.
 *
 * @param linkClass which row of {@code docs/arms.md} §10.3 the node falls in
 * @param upBps uplink rate, bits per second, at least 1
 * @param downBps downlink rate, bits per second, at least 1
 */
public record AccessLink(LinkClass linkClass, long upBps, long downBps) {

    public AccessLink {
        if (linkClass == null) throw new IllegalArgumentException("linkClass must not be null");
        if (upBps < 1) throw new IllegalArgumentException("upBps must be at least 1, was " + upBps);
        if (downBps < 1) throw new IllegalArgumentException("downBps must be at least 1, was " + downBps);
    }
}
