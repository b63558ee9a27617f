/**
 * Minimal proto2 wire-format reading and writing for the few small messages libp2p-core encodes by
 * hand: keys, the Noise handshake payload and identify
 * (<a href="https://protobuf.dev/programming-guides/encoding/">encoding spec</a>).
 *
 * <p><b>Deviations</b> from protobuf-java and go's protowire:
 * <ul>
 *   <li>Only wire types 0 (varint), 1 (fixed64), 2 (length-delimited) and 5 (fixed32) exist here;
 *       the deprecated groups (3, 4) are rejected, not skipped.</li>
 *   <li>{@link io.gsnode.libp2p.protobuf.ProtoReader#readString()} does not check UTF-8: proto2
 *       strings are not required to be valid UTF-8, and malformed sequences become U+FFFD.</li>
 * </ul>
 */
package io.gsnode.libp2p.protobuf;
