package io.gsnode.node.run;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.segmentation.arm.Arm;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.tcp.TcpConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything {@code gsnode run} was told, validated.
 *
 * @param addressing where the node listens and finds its peers
 * @param epochFile when set, the schedule's epoch is read from this file once the node listens
 *     (the local runner writes it when every node is up); null: the schedule's own epoch
 * @param epochUrl when set, the schedule's epoch is asked of this coordinator once the node
 *     listens ({@link EpochClient}); null: the file's or the schedule's own
 * @param recordPath where to write the record; null: one line on stdout
 * @param jitWarmup run the JIT warm-up ({@link JitWarmup}) between listening and the publish instant
 *     (or the warm-up instant, in a warm cell)
 * @param warmup the warm-up diffusion before the measured publish; null: a cold cell
 * @param background the background load; null: none
 */
public record NodeSettings(
        int index, Arm arm, int payloadBytes, GossipConfig gossip, Transport transport, TcpConfig tcp, QuicConfig quic,
        Schedule schedule, Path epochFile, URI epochUrl, Duration dialTimeout, int dialSlots, int port,
        PeerAddressing addressing, Path recordPath, String cell, String backend, String queue, String delay, int run,
        boolean jitWarmup, WarmupPlan warmup, BackgroundLoad background) {

    public NodeSettings {
        if (epochFile != null && epochUrl != null) throw new IllegalArgumentException("an epoch file or an epoch URL, not both");
    }

    /** The cell's condition, as the record names it. */
    public String condition() {
        return io.gsnode.formats.record.NodeRecord.condition(warmup != null, background != null);
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
