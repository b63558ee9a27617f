/** Unsigned-varint length-prefixed messages, the framing of identify and gossipsub RPCs. */
package io.gsnode.libp2p.framing;
