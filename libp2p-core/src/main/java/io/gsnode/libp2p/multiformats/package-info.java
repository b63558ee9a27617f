/**
 * Multiformats building blocks: unsigned varints, multibase alphabets and multihashes
 * (<a href="https://github.com/multiformats/unsigned-varint">unsigned-varint</a>,
 * <a href="https://github.com/multiformats/multihash">multihash</a>).
 *
 * <p><b>Deviations</b> from go-multiformats:
 * <ul>
 *   <li>{@link io.gsnode.libp2p.multiformats.Base32} decodes only the lowercase alphabet (multibase
 *       {@code b}); go's multibase also reads uppercase under prefix {@code B}.</li>
 *   <li>{@link io.gsnode.libp2p.multiformats.Multihash} knows only the two functions peer IDs use,
 *       identity and sha2-256.</li>
 * </ul>
 */
package io.gsnode.libp2p.multiformats;
