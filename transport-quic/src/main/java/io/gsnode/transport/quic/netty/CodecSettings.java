package io.gsnode.transport.quic.netty;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.transport.quic.QuicConfig;
import io.netty.handler.codec.quic.QuicCodecBuilder;
import io.netty.handler.codec.quic.QuicCongestionControlAlgorithm;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Turns a {@link QuicConfig} into quiche's settings, the same for the listener's codec and every
 * dialer's, so that both directions of a connection behave alike.
 */
final class CodecSettings {

    /** RFC 9000: QUIC version 1, the only one libp2p's {@code quic-v1} speaks. */
    static final int QUIC_V1 = 0x0000_0001;
    /** DATAGRAM frames queued each way; they only carry keep-alives. */
    private static final int DATAGRAM_QUEUE = 8;

    private CodecSettings() {}

    static <B extends QuicCodecBuilder<B>> B apply(B builder, QuicConfig config, ConnectionLimits limits) {
        return builder
                .version(QUIC_V1)
                .maxIdleTimeout(config.idleTimeout().toMillis(), TimeUnit.MILLISECONDS)
                // quiche grows both windows as the reader keeps up, as quic-go does (QuicConfig).
                .initialMaxData(config.initialConnectionWindow())
                .initialMaxStreamDataBidirectionalLocal(config.initialStreamWindow())
                .initialMaxStreamDataBidirectionalRemote(config.initialStreamWindow())
                // libp2p uses bidirectional streams only; a remote cannot open any other kind.
                .initialMaxStreamDataUnidirectional(0)
                .initialMaxStreamsUnidirectional(0)
                .initialMaxStreamsBidirectional(limits.maxStreamsPerConnection())
                .congestionControlAlgorithm(algorithm(config.congestionControl()))
                .initialCongestionWindowPackets(config.initialWindowPackets())
                .maxSendUdpPayloadSize(config.maxUdpPayload())
                .maxRecvUdpPayloadSize(config.maxUdpPayload())
                // The configured payload is the packet size, as in an experiment it should be.
                .discoverPmtu(false)
                // quiche has no PING to send on request, but a DATAGRAM frame is ack-eliciting too
                // (RFC 9221 §5), so it keeps a quiet connection alive where the peer supports it.
                .datagram(DATAGRAM_QUEUE, DATAGRAM_QUEUE);
    }

    /**
     * The congestion window quiche starts every connection with, bytes. quiche (checked against its
     * source: {@code Congestion::from_config} in quiche/src/recovery/congestion/mod.rs, the
     * recovery this engine's native library bundles) sets it to
     * {@code initial_congestion_window_packets * max_send_udp_payload_size}, and
     * {@code Config::set_max_send_udp_payload_size} keeps at least 1200 bytes, which
     * {@link QuicConfig} already requires. After the handshake quiche lowers the datagram size to the
     * peer's {@code max_udp_payload_size} if that is smaller, rescaling a window still at its initial
     * value; every engine here advertises {@link QuicConfig#maxUdpPayload} and quic-go 1452, so with
     * the default 1350 this stays exact, but a peer advertising less than the configured payload
     * starts the window lower than this.
     */
    static long initialCongestionWindowBytes(QuicConfig config) {
        return (long) config.initialWindowPackets() * Math.max(config.maxUdpPayload(), QuicConfig.MIN_UDP_PAYLOAD);
    }

    /** go-libp2p: KeepAlivePeriod 15 s against a 30 s idle timeout. */
    static Duration keepAlivePeriod(QuicConfig config) {
        return config.idleTimeout().dividedBy(2);
    }

    static QuicCongestionControlAlgorithm algorithm(QuicConfig.CongestionControl cc) {
        return switch (cc) {
            case RENO -> QuicCongestionControlAlgorithm.RENO;
            case CUBIC -> QuicCongestionControlAlgorithm.CUBIC;
            case BBR -> QuicCongestionControlAlgorithm.BBR;
        };
    }
}
