package io.gsnode.formats.topology;

/**
 * One entry of the file's {@code nodes} array.
 *
 * @param index the node's index, 0..n-1 (its key seed and its position in the array)
 * @param ip the node's IPv4 address, dotted quad; unique in the topology
 * @param region the node's region in the geo model (drawn under the uniform model too, unused there)
 * @param linkClass the node's access-link class
 * @param upBps uplink rate, bits per second
 * @param downBps downlink rate, bits per second
 */
public record TopologyNode(int index, String ip, Region region, LinkClass linkClass, long upBps, long downBps) {

    public TopologyNode {
        if (index < 0) throw new IllegalArgumentException("index must not be negative, was " + index);
        if (ip == null) throw new IllegalArgumentException("node " + index + ": ip must not be null");
        String problem = Ipv4.problemWith(ip);
        if (problem != null) throw new IllegalArgumentException("node " + index + ": ip '" + ip + "' " + problem);
        if (region == null || linkClass == null) {
            throw new IllegalArgumentException("node " + index + ": region and linkClass must not be null");
        }
        if (upBps < 1 || downBps < 1) {
            throw new IllegalArgumentException("node " + index + ": rates must be at least 1 bit/s, were " + upBps + "/" + downBps);
        }
    }

    /** This node's access link. */
    public AccessLink accessLink() {
        return new AccessLink(linkClass, upBps, downBps);
    }
}
