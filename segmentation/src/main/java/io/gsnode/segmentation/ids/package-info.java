/**
 * Message ids and topics of the report's arms
 * ({@code docs/arms.md} §3.7–3.9): Prysm's
 * 20-byte id, the 101-byte structured id and its parse, fork digests and topic strings.
 *
 * <p><b>Deviations</b> from the reference (Prysm):
 * <ul>
 *   <li>{@link io.gsnode.segmentation.ids.PrysmMessageId} applies the post-Altair rule to every
 *       topic; Prysm returns a constant {@code "invalid"} id for a topic whose fork digest it cannot
 *       map, and the pre-Altair rule for a pre-Altair digest.</li>
 *   <li>The structured id decompresses the body once, not twice.</li>
 *   <li>The Fulu fork digest is computed from the consensus-specs rule and mainnet's genesis
 *       validators root; <b>UNCONFIRMED</b> that the reference's Prysm config produced the same.</li>
 * </ul>
 */
package io.gsnode.segmentation.ids;
