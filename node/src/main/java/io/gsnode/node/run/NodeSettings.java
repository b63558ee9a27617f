package io.gsnode.node.run;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.segmentation.arm.Arm;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.tcp.TcpConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything {@code gsnode run} was told, validated.
 *
 * @param loopback map the topology's 10.a.b.c addresses onto 127.a.b.c (the local backend: one
 *     loopback address per node, no namespaces)
 * @param epochFile when set, the schedule's epoch is read from this file once the node listens
 *     (the local runner writes it when every node is up); null: the schedule's own epoch
 * @param recordPath where to write the record; null: one line on stdout
 * @param jitWarmup run the JIT warm-up ({@link JitWarmup}) between listening and the publish instant
 */
public record NodeSettings(
        int index, Arm arm, int payloadBytes, GossipConfig gossip, Transport transport, TcpConfig tcp, QuicConfig quic,
        Schedule schedule, Path epochFile, Duration dialTimeout, int dialSlots, int port, boolean loopback, Path recordPath,
        String cell, String backend, String queue, String delay, int run, boolean jitWarmup) {

    /** The address a node with topology IP {@code ip} listens on. */
    public String addressOf(String ip) {
        return loopback ? "127." + ip.substring(ip.indexOf('.') + 1) : ip;
    }

    /** Transport values in effect, for the record. */
    public Map<String, Object> transportSettings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("transport", transport.toString());
        m.put("port", port);
        if (transport == Transport.QUIC) {
            m.putAll(quic.settingsInEffect());
        } else {
            m.put("io_threads", tcp.ioThreads());
            m.put("epoll", tcp.epoll());
        }
        m.put("dial_timeout_ms", dialTimeout.toMillis());
        m.put("dial_slots", dialSlots);
        return m;
    }
}
