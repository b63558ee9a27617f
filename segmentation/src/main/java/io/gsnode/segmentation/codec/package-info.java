/**
 * Payload, gossip encoding and the segment codec of the report's arms
 * ({@code docs/arms.md} §3.1–3.7, §3.10): the
 * mainnet-like payload generator and Go's PCG, SSZ-then-snappy gossip encoding, the research tree's
 * segment codec (SHA-256 Merkle tree, 50-byte descriptor, group id, SegmentMessage layout),
 * systematic GF(2^8) Reed–Solomon coding, compress-first, the 81-byte structured id prefix and the
 * wire form. {@link io.gsnode.segmentation.codec.PayloadEncoder} is the entry point for an arm.
 *
 * <p><b>Deviations</b> from the reference (Go research tree, Prysm):
 * <ul>
 *   <li>Keccak-256 (hash id 1) is not implemented: a descriptor naming it is rejected
 *       ({@code UNKNOWN_HASH_ID}) rather than verified. No arm uses it.</li>
 *   <li>Snappy decoding is aircompressor's; encoding is {@code GoSnappyEncoder}, which reproduces
 *       Go's golang/snappy output byte for byte (checked against Go on the arms' payloads), so sizes,
 *       compress-first units and group ids equal the reference's.</li>
 *   <li>{@link io.gsnode.segmentation.codec.SegmentCodec#recover} skips the matrix inversion when
 *       every systematic segment is present; the result is the same.</li>
 *   <li>{@link io.gsnode.segmentation.codec.SegmentMessage#decode(java.nio.ByteBuffer)} shares the
 *       input's array when the buffer exposes one (and copies a read-only buffer), where Go copies
 *       the data field.</li>
 * </ul>
 */
package io.gsnode.segmentation.codec;
