/**
 * Noise XX over X25519, ChaCha20-Poly1305 and SHA-256 with the libp2p handshake payload
 * (<a href="https://github.com/libp2p/specs/blob/master/noise/README.md">libp2p noise</a>), on JDK crypto.
 */
package io.gsnode.transport.tcp.noise;
