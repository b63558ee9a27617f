/**
 * Peer IDs: the multihash of a node's public key, and their text forms (docs/wire.md §1.2;
 * <a href="https://github.com/libp2p/specs/blob/master/peer-ids/peer-ids.md#peer-ids">peer-ids
 * spec</a>).
 *
 * <p><b>Deviations</b> from go-libp2p's {@code core/peer}:
 * <ul>
 *   <li>Only identity and sha2-256 multihashes are accepted as peer IDs, and an identity one must
 *       hold at most 42 bytes (what the derivation rule ever produces); go accepts any well-formed
 *       multihash.</li>
 * </ul>
 */
package io.gsnode.libp2p.peer;
