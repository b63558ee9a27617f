package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Who announced which unseen id, and whom we already asked (docs/arms.md §6.5). Relays announce
 * once, so an announcement the discipline could not act on is usually gone for good; keeping it
 * as a fact lets a retry ask the next announcer instead of waiting for one that never comes.
 *
 * <p>Bounded, because announcements are attacker-suppliable: at most {@value #MAX_OFFERS_PER_PEER}
 * recorded offers per announcing peer, {@value #MAX_ANNOUNCERS_PER_ID} announcers per id, and a
 * 30 s offer lifetime swept at the heartbeat (go: {@code offerPerPeer}, {@code offerPerID},
 * {@code offerTTL}). Router thread only.
 */
final class OfferTable {

    static final int MAX_OFFERS_PER_PEER = 256;
    static final int MAX_ANNOUNCERS_PER_ID = 16;
    static final long OFFER_TTL_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Map<MessageId, Map<PeerId, Long>> offers = new HashMap<>();
    private final Map<MessageId, Map<PeerId, Long>> tried = new HashMap<>();
    private final Map<MessageId, String> topics = new HashMap<>();
    private final Map<PeerId, Integer> offersByPeer = new HashMap<>();

    /** {@code peer} announced the unseen {@code id} on {@code topic} at {@code now}. */
    void record(PeerId peer, MessageId id, String topic, long now) {
        if (offersByPeer.getOrDefault(peer, 0) >= MAX_OFFERS_PER_PEER) return;
        Map<PeerId, Long> announcers = offers.get(id);
        if (announcers == null) {
            announcers = new HashMap<>();
            offers.put(id, announcers);
            topics.put(id, topic);
        } else if (announcers.size() >= MAX_ANNOUNCERS_PER_ID && !announcers.containsKey(peer)) {
            return;
        }
        if (announcers.put(peer, now) == null) offersByPeer.merge(peer, 1, Integer::sum);
    }

    /** We asked {@code peer} for {@code id} at {@code now}. */
    void markTried(MessageId id, PeerId peer, long now) {
        tried.computeIfAbsent(id, k -> new HashMap<>()).put(peer, now);
    }

    /** {@code id} arrived: its offers and tried-marks go. */
    void clear(MessageId id) {
        Map<PeerId, Long> announcers = offers.remove(id);
        if (announcers != null) {
            for (PeerId peer : announcers.keySet()) decrement(peer);
        }
        tried.remove(id);
        topics.remove(id);
    }

    /** Ages out offers older than the offer lifetime; an id left with none is forgotten. */
    void sweep(long now) {
        List<MessageId> emptied = new ArrayList<>();
        for (var e : offers.entrySet()) {
            e.getValue().entrySet().removeIf(offer -> {
                if (now - offer.getValue() < OFFER_TTL_NANOS) return false;
                decrement(offer.getKey());
                return true;
            });
            if (e.getValue().isEmpty()) emptied.add(e.getKey());
        }
        for (MessageId id : emptied) clear(id);
    }

    /**
     * The announcer to ask next for {@code id} among those {@code eligible} accepts, in peer-id
     * order: the first never asked, else the least recently asked (so a slow honest server gets
     * a second lap).
     */
    Optional<PeerId> pick(MessageId id, Predicate<PeerId> eligible) {
        Map<PeerId, Long> announcers = offers.get(id);
        if (announcers == null || announcers.isEmpty()) return Optional.empty();
        List<PeerId> candidates = new ArrayList<>();
        for (PeerId peer : announcers.keySet()) {
            if (eligible.test(peer)) candidates.add(peer);
        }
        candidates.sort(null);
        Map<PeerId, Long> asked = tried.getOrDefault(id, Map.of());
        PeerId pick = null;
        long oldest = 0;
        for (PeerId peer : candidates) {
            Long at = asked.get(peer);
            if (at == null) return Optional.of(peer);
            if (pick == null || at - oldest < 0) {
                pick = peer;
                oldest = at;
            }
        }
        return Optional.ofNullable(pick);
    }

    boolean hasOffers(MessageId id) {
        Map<PeerId, Long> announcers = offers.get(id);
        return announcers != null && !announcers.isEmpty();
    }

    String topic(MessageId id) {
        return topics.get(id);
    }

    int offersBy(PeerId peer) {
        return offersByPeer.getOrDefault(peer, 0);
    }

    int announcers(MessageId id) {
        return offers.getOrDefault(id, Map.of()).size();
    }

    private void decrement(PeerId peer) {
        offersByPeer.computeIfPresent(peer, (p, n) -> n > 1 ? n - 1 : null);
    }
}
