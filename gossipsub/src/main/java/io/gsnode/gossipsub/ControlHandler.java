package io.gsnode.gossipsub;

import io.gsnode.gossipsub.policy.RequestGate;
import io.gsnode.gossipsub.policy.RequestPolicy;
import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.ControlMessage.IDontWant;
import io.gsnode.gossipsub.rpc.ControlMessage.IHave;
import io.gsnode.gossipsub.rpc.ControlMessage.IWant;
import io.gsnode.gossipsub.rpc.ControlMessage.Prune;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The control part of an incoming RPC: IDONTWANT, IHAVE, IWANT, GRAFT and PRUNE, with the
 * per-heartbeat limits that keep a peer from making us work without bound. Loop thread only.
 */
final class ControlHandler {

    private final RouterState s;
    private final GossipConfig config;
    private final Backoffs backoffs;
    private final Promises promises;
    private final PartialNegotiation partial;
    private final Forwarder forwarder;
    private final RequestPolicy requests;
    private final RequestGate gate;

    ControlHandler(RouterState s, Backoffs backoffs, Promises promises, PartialNegotiation partial,
                   Forwarder forwarder, RequestPolicy requests, RequestGate gate) {
        this.s = s;
        this.config = s.config;
        this.backoffs = backoffs;
        this.promises = promises;
        this.partial = partial;
        this.forwarder = forwarder;
        this.requests = requests;
        this.gate = gate;
    }

    /** {@code arrivedNanos}: when the RPC carrying {@code c} was decoded, for the IWANT answer latency. */
    void handle(PeerState p, ControlMessage c, long arrivedNanos) {
        if (c.extensions() != null) partial.onExtensions(p, c.extensions());
        for (IDontWant d : c.idontwant()) handleIDontWant(p, d);
        if (!c.ihave().isEmpty()) handleIHave(p, c.ihave());
        List<Forwarder.Answer> answers = new ArrayList<>();
        if (!c.iwant().isEmpty()) {
            // Most control RPCs carry no IWANT: the set is made only for those that do.
            Set<MessageId> answered = new HashSet<>();
            for (IWant w : c.iwant()) collectIWant(p, w, answers, answered);
        }
        List<Prune> prunes = new ArrayList<>();
        for (String topic : c.graft()) handleGraft(p, topic, prunes);
        for (Prune prune : c.prune()) handlePrune(p, prune);
        if (!prunes.isEmpty()) s.send(p, Rpc.ofControl(ControlMessage.prune(prunes)));
        forwarder.answer(p, answers, arrivedNanos);
    }

    private void handleIDontWant(PeerState p, IDontWant d) {
        if (++p.idontwantRpcs > config.maxIDontWantMessages()) {
            s.reject(p.id, RejectReason.IDONTWANT_OVER_LIMIT);
            return;
        }
        long expires = s.ticks + config.idontwantTtlHeartbeats();
        int n = 0;
        for (byte[] id : d.messageIds()) {
            if (n++ >= config.maxIDontWantLength()) {
                s.reject(p.id, RejectReason.IDONTWANT_IDS_OVER_LIMIT);
                break;
            }
            p.addDontWant(MessageId.wrap(id), expires);
        }
    }

    /** docs/arms.md §5.8, in its order of checks. */
    private void handleIHave(PeerState p, List<IHave> ihaves) {
        if (s.score(p.id) < config.thresholds().gossip()) {
            s.reject(p.id, RejectReason.IHAVE_BELOW_GOSSIP_THRESHOLD);
            return;
        }
        if (requests.ignoresAnnouncementsFrom(p.id)) {
            s.reject(p.id, RejectReason.IHAVE_PARKED);
            return;
        }
        if (++p.ihaveRpcs > config.maxIHaveMessages()) {
            s.reject(p.id, RejectReason.IHAVE_OVER_LIMIT);
            return;
        }
        if (p.iwantIdsAsked >= config.maxIHaveLength()) {
            s.reject(p.id, RejectReason.IWANT_BUDGET_SPENT);
            return;
        }
        // At most max_ihave_length new ids are looked at per RPC: an IHAVE of half a million ids
        // (one 10 MiB frame) would otherwise be hashed, sorted and shuffled on this thread, to ask
        // for 5,000 of them at the most.
        Set<MessageId> candidates = new LinkedHashSet<>();
        scan:
        for (IHave h : ihaves) {
            if (!s.mesh.containsKey(h.topic())) {
                if (!s.subscriptions.containsKey(h.topic())) s.reject(p.id, RejectReason.UNKNOWN_TOPIC);
                continue;
            }
            for (byte[] raw : h.messageIds()) {
                if (candidates.size() >= config.maxIHaveLength()) {
                    s.reject(p.id, RejectReason.IHAVE_IDS_OVER_LIMIT);
                    break scan;
                }
                MessageId id = MessageId.wrap(raw);
                if (s.seen.contains(id)) continue;
                requests.onAnnounced(p.id, id, h.topic());
                candidates.add(id);
            }
        }
        List<MessageId> ordered = new ArrayList<>(candidates);
        ordered.sort(null);
        s.shuffle(ordered);
        List<MessageId> ask = new ArrayList<>();
        int room = config.maxIHaveLength() - p.iwantIdsAsked;
        for (MessageId id : ordered) {
            if (ask.size() >= room) break;
            if (!gate.allow(id)) {
                s.reject(p.id, RejectReason.DECLINED_BY_GATE);
                continue;
            }
            if (requests.grant(p.id, id)) ask.add(id);
        }
        if (!ask.isEmpty()) sendIWant(p, ask);
    }

    /** One IWANT for {@code ids}, counted against the peer's budget and followed up as promises. */
    void sendIWant(PeerState p, List<MessageId> ids) {
        p.iwantIdsAsked += ids.size();
        List<byte[]> raw = new ArrayList<>(ids.size());
        for (MessageId id : ids) raw.add(id.bytes());
        promises.asked(p.id, ids, s.now());
        s.send(p, Rpc.ofControl(ControlMessage.iwant(raw)));
    }

    /**
     * Each id named is counted towards the peer's retransmission cap (go's {@code GetForPeer}), and
     * answered once per RPC however often it is named there (go's answers are a map by id).
     */
    private void collectIWant(PeerState p, IWant w, List<Forwarder.Answer> answers, Set<MessageId> answered) {
        if (s.score(p.id) < config.thresholds().gossip()) {
            s.reject(p.id, RejectReason.IWANT_BELOW_GOSSIP_THRESHOLD);
            return;
        }
        for (byte[] raw : w.messageIds()) {
            MessageId id = MessageId.wrap(raw);
            MessageCache.Entry e = s.mcache.get(id);
            if (e == null) continue;
            if (p.dontWant(id)) {
                s.tracer.suppressedByIDontWant(p.id, id);
                continue;
            }
            if (e.serve(p.id) > config.gossipRetransmission()) {
                s.reject(p.id, RejectReason.IWANT_RETRANSMISSION_CAP);
                continue;
            }
            if (!answered.add(id)) continue;
            s.tracer.iwantServed(p.id, id);
            answers.add(new Forwarder.Answer(e));
        }
    }

    /** docs/wire.md §7.8, GRAFT. Responses are PRUNEs collected in {@code prunes}. */
    private void handleGraft(PeerState p, String topic, List<Prune> prunes) {
        Set<PeerId> m = s.mesh.get(topic);
        if (m == null) {
            s.reject(p.id, RejectReason.GRAFT_UNKNOWN_TOPIC);
            return;
        }
        if (m.contains(p.id)) return;
        long now = s.now();
        boolean refuse;
        if (backoffs.active(topic, p.id, now)) {
            s.reject(p.id, RejectReason.GRAFT_DURING_BACKOFF);
            refuse = true;
        } else {
            refuse = s.score(p.id) < 0 || (m.size() >= config.dHi() && !p.outbound());
        }
        if (refuse) {
            backoffs.add(topic, p.id, config.pruneBackoff(), s.now());
            prunes.add(Backoffs.prune(p, topic, config.pruneBackoff()));
            return;
        }
        m.add(p.id);
        s.tracer.meshAdded(topic, p.id);
    }

    /** A PRUNE for a topic we have no mesh in is dropped, as go does: no backoff kept for invented topics. */
    private void handlePrune(PeerState p, Prune prune) {
        Set<PeerId> m = s.mesh.get(prune.topic());
        if (m == null) {
            s.reject(p.id, RejectReason.PRUNE_UNKNOWN_TOPIC);
            return;
        }
        if (m.remove(p.id)) s.tracer.meshRemoved(prune.topic(), p.id);
        Duration wait = prune.backoffSeconds() != null && prune.backoffSeconds() > 0
                ? Duration.ofSeconds(Math.min(prune.backoffSeconds(), 3600 * 24))
                : config.pruneBackoff();
        backoffs.add(prune.topic(), p.id, wait, s.now());
    }
}
