package io.gsnode.gossipsub.partial;

import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.libp2p.peer.PeerId;
import java.util.List;

/**
 * What the router calls on a v1.3 extension. Every method runs on the router thread and must be
 * quick. The router decides when the extension applies (both sides advertised it, the topic has
 * partial messages on); the extension decides what to do with the bytes.
 */
public interface PartialExtension {

    /** No extension: the router advertises nothing and drops partial RPCs. */
    PartialExtension NONE = new PartialExtension() {
        @Override public boolean advertisesPartialMessages() { return false; }
        @Override public void attach(PartialRouterServices router) {}
        @Override public void onPartial(PeerId from, PartialMessage rpc) {}
    };

    /** Whether our first RPC says {@code control.extensions.partialMessages = true}. */
    boolean advertisesPartialMessages();

    /** Called once when the router starts. */
    void attach(PartialRouterServices router);

    /** The peer's extensions control message arrived (its first RPC); {@code partialMessages} is what it advertised. */
    default void onPeerExtensions(PeerId peer, boolean partialMessages) {}

    /** A partial RPC from a peer with whom the extension is active, on a topic with partial messages on. */
    void onPartial(PeerId from, PartialMessage rpc);

    /**
     * Heartbeat gossip: {@code peers} are the gossip targets of {@code topic} that requested
     * partial messages (they got no IHAVE); the extension announces its groups to them.
     */
    default void onEmitGossip(String topic, List<PeerId> peers) {}

    /** Once per heartbeat, after mesh maintenance. */
    default void onHeartbeat() {}

    /** Our outbound stream to {@code peer} closed: its state goes. */
    default void onPeerGone(PeerId peer) {}
}
