/**
 * libp2p over QUIC v1 with libp2p TLS (<a href="https://github.com/libp2p/specs/blob/master/quic/README.md">spec</a>):
 * the {@link io.gsnode.transport.quic.QuicEngine} SPI and the transport above it, which knows no engine.
 */
package io.gsnode.transport.quic;
