package io.gsnode.gossipsub;

import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.libp2p.crypto.DataPathCrypto;
import java.util.Arrays;

/**
 * A message's id: what counts as a duplicate, and so what IHAVE, IWANT and IDONTWANT name. Every
 * peer of a topic must install the same one (go: {@code pubsub.WithMessageIdFn}). Implementations
 * are pure and thread-safe.
 */
@FunctionalInterface
public interface MessageIdFunction {

    MessageId apply(PubMessage message);

    /** The first 20 bytes of SHA-256 of the data: the interop peers' shared rule (PEER-PROTOCOL.md). */
    MessageIdFunction SHA256_PREFIX_20 =
            m -> MessageId.wrap(Arrays.copyOf(DataPathCrypto.process().sha256(m.data()), 20));
}
