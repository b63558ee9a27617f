package io.gsnode.harness;

import io.gsnode.gossipsub.partial.PartialMessagesApplication;
import io.gsnode.gossipsub.partial.PartialMessagesExtension;
import io.gsnode.gossipsub.partial.PublishAction;
import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.libp2p.peer.PeerId;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The harness's partial-messages application on gsnode's extension: groups of 8 parts
 * ({@link HarnessPartialMessage}), each peer told the parts it lacks once it has said what it
 * holds, and our metadata whenever it grew. An incoming RPC first updates what we know of the
 * peer, then extends the group, logs {@code All parts received} when that completed it, and
 * republishes; heartbeat gossip republishes the groups we hold to new peers. Everything runs on
 * the router thread; the republishing is queued there, after the extension has finished with the
 * RPC, rather than run inside its callback.
 */
final class HarnessPartialMessages implements PartialMessagesApplication<HarnessPeerState> {

    private static final Logger log = LoggerFactory.getLogger(HarnessPartialMessages.class);

    private final HarnessLog out;
    private final PartialMessagesExtension<HarnessPeerState> extension = new PartialMessagesExtension<>(this);
    private final Map<String, Map<Long, HarnessPartialMessage>> groups = new HashMap<>();

    HarnessPartialMessages(HarnessLog out) {
        this.out = out;
    }

    PartialMessagesExtension<HarnessPeerState> extension() {
        return extension;
    }

    @Override
    public HarnessPeerState newPeerState() {
        return new HarnessPeerState();
    }

    @Override
    public void onIncoming(PeerId from, Map<PeerId, HarnessPeerState> peerStates, PartialMessage rpc) {
        HarnessPeerState peer = peerStates.computeIfAbsent(from, p -> newPeerState());
        if (rpc.partsMetadata() != null && rpc.partsMetadata().length > 0) {
            peer.heardMetadata = true;
            peer.theirParts |= rpc.partsMetadata()[0] & HarnessPartialMessage.ALL;
        }
        byte[] parts = rpc.partialMessage();
        if (parts != null && parts.length > 0) {
            // Whoever sent these parts holds them, and now knows that we do.
            int included = parts[0] & HarnessPartialMessage.ALL;
            peer.theirParts |= included;
            peer.toldParts |= included;
        }
        if (rpc.groupId().length != 8) {
            log.debug("partial RPC from {} with a {}-byte group id: not the harness's", from, rpc.groupId().length);
            return;
        }
        long groupId = ByteBuffer.wrap(rpc.groupId()).getLong();
        extension.router().execute(() -> received(rpc.topic(), groupId, parts));
    }

    @Override
    public void onEmitGossip(String topic, byte[] groupId, List<PeerId> peers, Map<PeerId, HarnessPeerState> peerStates) {
        if (groupId.length != 8) return;
        long id = ByteBuffer.wrap(groupId).getLong();
        extension.router().execute(() -> publish(topic, id, null));
    }

    /** {@code addPartialMessage}: holds the parts {@code bitmap} names, unless the group is already held. Router thread. */
    void add(String topic, long groupId, int bitmap) {
        HarnessPartialMessage message = new HarnessPartialMessage(groupId);
        message.fill(bitmap);
        if (message.complete()) out.allPartsReceived(groupId);
        groups.computeIfAbsent(topic, t -> new HashMap<>()).putIfAbsent(groupId, message);
    }

    /**
     * {@code publishPartial}: offers the group to {@code only} (when not null) or to every peer the
     * extension tracks for it. Router thread.
     */
    void publish(String topic, long groupId, List<PeerId> only) {
        HarnessPartialMessage message = groups.getOrDefault(topic, Map.of()).get(groupId);
        if (message == null) {
            log.warn("publishPartial of group {} on {}: no such group was added", Long.toUnsignedString(groupId), topic);
            return;
        }
        extension.publishPartial(topic, message.groupIdBytes(), states -> actions(topic, message, states, only));
    }

    private void received(String topic, long groupId, byte[] parts) {
        HarnessPartialMessage message = groups.computeIfAbsent(topic, t -> new HashMap<>())
                .computeIfAbsent(groupId, HarnessPartialMessage::new);
        if (parts != null && parts.length > 0) {
            int before = message.metadata();
            try {
                message.extend(parts);
            } catch (IllegalArgumentException e) {
                log.warn("partial message of group {} on {} refused: {}", Long.toUnsignedString(groupId), topic, e.getMessage());
                return;
            }
            if (message.metadata() != before && message.complete()) out.allPartsReceived(groupId);
        }
        publish(topic, groupId, null);
    }

    /** go's node: {@code PublishActions}, one action per peer, updating what each is told. */
    private List<PublishAction> actions(String topic, HarnessPartialMessage message, Map<PeerId, HarnessPeerState> states,
                                        List<PeerId> only) {
        List<PeerId> peers = only != null ? only : new ArrayList<>(states.keySet());
        int ours = message.metadata();
        List<PublishAction> actions = new ArrayList<>();
        for (PeerId peer : peers) {
            HarnessPeerState s = states.computeIfAbsent(peer, p -> newPeerState());
            byte[] parts = null;
            if (extension.peerRequestsPartial(peer, topic) && s.heardMetadata && (ours & ~s.theirParts) != 0) {
                parts = message.encodeFor(s.theirParts);
                s.toldParts |= ours;
                s.theirParts |= ours;
            }
            byte[] metadata = null;
            if (!s.toldMetadata || (ours & ~s.toldParts) != 0) {
                s.toldMetadata = true;
                s.toldParts |= ours;
                metadata = new byte[] {(byte) s.toldParts};
            }
            actions.add(new PublishAction(peer, parts, metadata));
        }
        return actions;
    }
}
