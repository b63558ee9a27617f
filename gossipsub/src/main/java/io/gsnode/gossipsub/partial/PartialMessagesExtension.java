package io.gsnode.gossipsub.partial;

import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.libp2p.peer.PeerId;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * The partial-messages extension (docs/wire.md §8.3, docs/arms.md §8.1), as go-libp2p-pubsub's
 * {@code partialmessages.PartialMessagesExtension} behaves: per (topic, group) a map from peer to
 * the application's state; {@link #publishPartial} adds the partial mesh peers to it and sends
 * what the application decides; an incoming RPC for an unknown group creates it, within the
 * peer-initiated caps (255 per topic, 8 per peer per topic), for a group the application admits
 * ({@link PartialMessagesApplication#admitsGroup}); heartbeat gossip introduces the
 * groups we initiated to new peers; a group lives at least 3 heartbeats after our last publish
 * and goes when no peer state is left.
 *
 * <p>Router thread only, except {@link #errors()} and {@link #negotiatedPeers()}.
 *
 * @param <S> the application's state per peer and group
 */
public final class PartialMessagesExtension<S> implements PartialExtension {

    /** go: {@code minGroupTTL}. */
    public static final int MIN_GROUP_TTL = 3;
    /** go: {@code defaultPeerInitiatedGroupLimitPerTopic}. */
    public static final int PEER_INITIATED_PER_TOPIC = 255;
    /** go: {@code defaultPeerInitiatedGroupLimitPerTopicPerPeer}. */
    public static final int PEER_INITIATED_PER_PEER = 8;

    private final PartialMessagesApplication<S> app;
    private final int groupTtl;
    private final int perTopicLimit;
    private final int perPeerLimit;
    private PartialRouterServices router;

    private final Map<String, Map<ByteBuffer, GroupState<S>>> groups = new HashMap<>();
    private final Map<String, PeerInitiatedGroups> peerInitiated = new HashMap<>();
    // Read by records from other threads.
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final Set<PeerId> negotiated = ConcurrentHashMap.newKeySet();

    public PartialMessagesExtension(PartialMessagesApplication<S> app) {
        this(app, MIN_GROUP_TTL, PEER_INITIATED_PER_TOPIC, PEER_INITIATED_PER_PEER);
    }

    /** With explicit limits (tests exercise the caps with small ones). */
    public PartialMessagesExtension(PartialMessagesApplication<S> app, int groupTtlHeartbeats, int perTopicLimit, int perPeerLimit) {
        this.app = app;
        this.groupTtl = Math.max(groupTtlHeartbeats, MIN_GROUP_TTL);
        this.perTopicLimit = perTopicLimit;
        this.perPeerLimit = perPeerLimit;
    }

    @Override
    public boolean advertisesPartialMessages() {
        return true;
    }

    @Override
    public void attach(PartialRouterServices router) {
        this.router = router;
    }

    /** The router this extension is attached to (null before the router starts). */
    public PartialRouterServices router() {
        return router;
    }

    @Override
    public void onPeerExtensions(PeerId peer, boolean partialMessages) {
        if (partialMessages) negotiated.add(peer);
    }

    /**
     * Sends what {@code actions} decides for (topic, group), after adding every partial mesh peer
     * without state (go: {@code PublishPartial}). Router thread only.
     *
     * @return the RPCs queued
     */
    public int publishPartial(String topic, byte[] groupId, Function<Map<PeerId, S>, List<PublishAction>> actions) {
        GroupState<S> g;
        try {
            g = group(topic, groupId, null);
        } catch (PartialRpcException e) {
            throw new IllegalStateException(e); // never: our own publish takes no peer-initiated slot
        }
        g.ttl = groupTtl;
        for (PeerId peer : router.partialMeshPeers(topic)) g.peerStates.computeIfAbsent(peer, p -> app.newPeerState());
        int sent = 0;
        for (PublishAction a : actions.apply(g.peerStates)) {
            boolean wantsParts = router.peerRequestsPartial(a.peer(), topic);
            byte[] parts = wantsParts && a.partialMessage() != null && a.partialMessage().length > 0 ? a.partialMessage() : null;
            byte[] metadata = a.partsMetadata() != null && a.partsMetadata().length > 0 ? a.partsMetadata() : null;
            if (parts == null && metadata == null) continue;
            router.sendPartial(a.peer(), new PartialMessage(topic, groupId.clone(), parts, metadata));
            sent++;
        }
        return sent;
    }

    /** Whether {@code peer} asked for partial messages on {@code topic}. */
    public boolean peerRequestsPartial(PeerId peer, String topic) {
        return router.peerRequestsPartial(peer, topic);
    }

    @Override
    public void onPartial(PeerId from, PartialMessage rpc) {
        if (rpc.topic() == null || rpc.groupId() == null) {
            error("missing_topic_or_group");
            return;
        }
        if (!router.partialEnabled(rpc.topic())) {
            error("topic_not_partial");
            return;
        }
        if (!hasGroup(rpc.topic(), rpc.groupId()) && !app.admitsGroup(rpc.topic(), rpc.groupId())) {
            error("group_not_admitted");
            return;
        }
        try {
            GroupState<S> g = group(rpc.topic(), rpc.groupId(), from);
            app.onIncoming(from, g.peerStates, rpc);
        } catch (PartialRpcException e) {
            error(e.getMessage().startsWith("peer-initiated") ? "group_cap" : "invalid_rpc");
        }
    }

    @Override
    public void onEmitGossip(String topic, List<PeerId> peers) {
        Map<ByteBuffer, GroupState<S>> byGroup = groups.get(topic);
        if (byGroup == null) return;
        for (var e : List.copyOf(byGroup.entrySet())) {
            GroupState<S> g = e.getValue();
            if (g.peerInitiated()) continue;
            List<PeerId> untracked = new ArrayList<>();
            for (PeerId peer : peers) {
                if (!g.peerStates.containsKey(peer)) {
                    g.peerStates.put(peer, app.newPeerState());
                    untracked.add(peer);
                }
            }
            if (!untracked.isEmpty()) app.onEmitGossip(topic, bytes(e.getKey()), untracked, g.peerStates);
        }
    }

    @Override
    public void onHeartbeat() {
        for (Iterator<Map.Entry<String, Map<ByteBuffer, GroupState<S>>>> topics = groups.entrySet().iterator(); topics.hasNext(); ) {
            var t = topics.next();
            for (Iterator<GroupState<S>> it = t.getValue().values().iterator(); it.hasNext(); ) {
                GroupState<S> g = it.next();
                if (g.ttl == 0 || g.peerStates.isEmpty()) {
                    it.remove();
                    if (g.peerInitiated()) peerInitiated(t.getKey()).release(g.initiatedBy);
                } else {
                    g.ttl--;
                }
            }
            if (t.getValue().isEmpty()) {
                topics.remove();
                peerInitiated.remove(t.getKey());
            }
        }
    }

    @Override
    public void onPeerGone(PeerId peer) {
        negotiated.remove(peer);
        for (var t : groups.entrySet()) {
            for (GroupState<S> g : t.getValue().values()) g.peerStates.remove(peer);
            PeerInitiatedGroups counter = peerInitiated.get(t.getKey());
            if (counter != null) counter.releaseAll(peer);
        }
    }

    /** Groups held for {@code topic} right now. Router thread only. */
    public int groupCount(String topic) {
        return groups.getOrDefault(topic, Map.of()).size();
    }

    /** Whether (topic, group) has state. Router thread only. */
    public boolean hasGroup(String topic, byte[] groupId) {
        return groups.getOrDefault(topic, Map.of()).containsKey(ByteBuffer.wrap(groupId));
    }

    /** Partial RPCs refused, by reason. Any thread. */
    public Map<String, Long> errors() {
        Map<String, Long> m = new LinkedHashMap<>();
        errors.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    /** Peers that advertised the extension to us and are still connected. Any thread. */
    public int negotiatedPeers() {
        return negotiated.size();
    }

    private void error(String reason) {
        errors.computeIfAbsent(reason, k -> new LongAdder()).increment();
    }

    /** go: {@code groupState}. {@code from} null: we initiate (publish), which also adopts a peer-initiated group. */
    private GroupState<S> group(String topic, byte[] groupId, PeerId from) throws PartialRpcException {
        Map<ByteBuffer, GroupState<S>> byGroup = groups.computeIfAbsent(topic, t -> new HashMap<>());
        ByteBuffer key = ByteBuffer.wrap(groupId.clone());
        GroupState<S> g = byGroup.get(key);
        if (g == null) {
            if (from != null) peerInitiated(topic).take(from);
            g = new GroupState<>(groupTtl, from);
            byGroup.put(key, g);
        }
        if (from == null && g.peerInitiated()) {
            // Our own publish makes it ours: it no longer counts against its creator's cap.
            peerInitiated(topic).release(g.initiatedBy);
            g.initiatedBy = null;
        }
        return g;
    }

    private PeerInitiatedGroups peerInitiated(String topic) {
        return peerInitiated.computeIfAbsent(topic, t -> new PeerInitiatedGroups(perTopicLimit, perPeerLimit));
    }

    private static byte[] bytes(ByteBuffer key) {
        byte[] out = new byte[key.remaining()];
        key.duplicate().get(out);
        return out;
    }
}
