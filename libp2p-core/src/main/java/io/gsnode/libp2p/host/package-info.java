/**
 * The host: one identity, its transports, the connections they make (dial, accept, dedup, limits)
 * and the protocols served on their streams.
 */
package io.gsnode.libp2p.host;
