/**
 * libp2p over TCP on Netty: multistream-select {@code /noise}, the Noise XX handshake, then
 * multistream-select {@code /yamux/1.0.0} inside the encrypted channel
 * (<a href="https://github.com/libp2p/specs/blob/master/connections/README.md">connection upgrade</a>).
 */
package io.gsnode.transport.tcp;
