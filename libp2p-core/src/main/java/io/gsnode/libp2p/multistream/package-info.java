/**
 * multistream-select 1.0: protocol negotiation on raw connections and on every stream
 * (<a href="https://github.com/multiformats/multistream-select">spec</a>).
 */
package io.gsnode.libp2p.multistream;
