/**
 * libp2p over QUIC v1 with libp2p TLS (<a href="https://github.com/libp2p/specs/blob/master/quic/README.md">spec</a>):
 * the {@link io.gsnode.transport.quic.QuicEngine} SPI, its engines by name ({@link io.gsnode.transport.quic.QuicEngines}:
 * {@code kwik}, pure Java; {@code netty}, quiche through Netty's native codec), their shared settings
 * ({@link io.gsnode.transport.quic.QuicConfig}) and the transport above them, which knows no engine.
 */
package io.gsnode.transport.quic;
