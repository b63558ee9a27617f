/**
 * Identify ({@code /ipfs/id/1.0.0}): each side tells the other its key, listen addresses and
 * protocols (<a href="https://github.com/libp2p/specs/blob/master/identify/README.md">spec</a>).
 * go-libp2p-pubsub opens its gossipsub stream only after identify lists a meshsub protocol.
 */
package io.gsnode.libp2p.identify;
