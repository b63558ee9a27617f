/** Ping ({@code /ipfs/ping/1.0.0}): 32 random bytes echoed back, one round trip each. */
package io.gsnode.libp2p.ping;
