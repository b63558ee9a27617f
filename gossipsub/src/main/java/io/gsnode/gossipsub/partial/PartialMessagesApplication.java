package io.gsnode.gossipsub.partial;

import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.libp2p.peer.PeerId;
import java.util.List;
import java.util.Map;

/**
 * The application side of the partial-messages extension: it owns part encoding, verification
 * and what each peer state means (go: {@code OnIncomingRPC}, {@code OnEmitGossip}). Both methods
 * run on the router thread and must be quick; they may change {@code peerStates}.
 *
 * @param <S> the application's state per peer and group
 */
public interface PartialMessagesApplication<S> {

    /** A fresh state for a peer never heard from (go: the zero value). */
    S newPeerState();

    /**
     * A partial RPC from {@code from}. {@code peerStates} is the group's map; {@code from} may not
     * be in it yet.
     *
     * @throws PartialRpcException when the RPC is invalid (the extension counts it)
     */
    void onIncoming(PeerId from, Map<PeerId, S> peerStates, PartialMessage rpc) throws PartialRpcException;

    /**
     * Whether a peer's RPC may create (topic, group), asked before the group takes one of the
     * extension's peer-initiated slots: ids the application would refuse anyway (not committed)
     * must not fill the slots the real group needs. Any group by default.
     */
    default boolean admitsGroup(String topic, byte[] groupId) {
        return true;
    }

    /**
     * Heartbeat gossip for a group we initiated: {@code peers} were not tracked before and now
     * have fresh states in {@code peerStates}; the application should publish to them.
     */
    void onEmitGossip(String topic, byte[] groupId, List<PeerId> peers, Map<PeerId, S> peerStates);
}
