/**
 * The netty engine: QUIC v1 on quiche and BoringSSL through Netty's native codec
 * ({@code netty-codec-native-quic}), with libp2p TLS on both sides
 * (<a href="https://github.com/libp2p/specs/blob/master/quic/README.md">libp2p QUIC spec</a>,
 * docs/wire.md §6).
 *
 * <p><b>Deviations</b> from go-libp2p's QUIC transport (quic-go):
 * <ul>
 *   <li>Dials come from a fresh ephemeral UDP port each, not from the listener's port (as Kwik's).
 *       Identity comes from TLS and identify, so peers do not care.</li>
 *   <li>Keep-alive is a one-byte DATAGRAM frame every idleTimeout/2, sent to peers that accept
 *       DATAGRAM frames (RFC 9221: other netty engines, the Kwik engine's listener): quiche
 *       offers no PING on request. quic-go pings every 15 s itself, so go peers keep the
 *       connection alive either way.</li>
 *   <li>Pacing is gsnode's ({@link io.gsnode.transport.quic.netty.PacingHandler}, quic-go's rule):
 *       quiche computes packet release times, but Netty's codec sends at once.</li>
 *   <li>No path MTU discovery: packets are {@code QuicConfig.maxUdpPayload} bytes at most. quic-go
 *       starts at 1280 and probes up to 1452.</li>
 *   <li>Receive windows start at 512 KiB / 768 KiB as quic-go's and quiche auto-tunes them, but up
 *       to its own maxima (16 MiB / 24 MiB, which Netty does not expose); quic-go stops at
 *       10 MiB / 15 MiB.</li>
 * </ul>
 */
package io.gsnode.transport.quic.netty;
