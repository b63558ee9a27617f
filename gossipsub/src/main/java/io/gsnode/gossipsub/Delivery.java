package io.gsnode.gossipsub;

import io.gsnode.libp2p.peer.PeerId;

/**
 * A message handed to the application on its first arrival.
 *
 * @param from the peer that forwarded it to us (the propagation source)
 * @param arrivedNanos the router clock ({@link System#nanoTime()} unless the builder set another) when its RPC was decoded
 */
public record Delivery(MessageId id, String topic, byte[] data, PeerId from, long arrivedNanos) {}
