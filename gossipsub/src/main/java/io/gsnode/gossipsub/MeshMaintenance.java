package io.gsnode.gossipsub;

import io.gsnode.gossipsub.partial.PartialExtension;
import io.gsnode.gossipsub.policy.RequestPolicy;
import io.gsnode.gossipsub.rpc.ControlMessage.IHave;
import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.SubOpts;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Joining and leaving topics, and the heartbeat: mesh degree, fanout
 * expiry and IHAVE gossip, with the GRAFT/PRUNE/IHAVE it decides batched per peer. Loop thread only.
 */
final class MeshMaintenance {

    private final RouterState s;
    private final GossipConfig config;
    private final Backoffs backoffs;
    private final Promises promises;
    private final ControlBatch batch;
    private final PartialNegotiation partial;
    private final RequestPolicy requests;
    private final PartialExtension extension;

    MeshMaintenance(RouterState s, Backoffs backoffs, Promises promises, ControlBatch batch,
                    PartialNegotiation partial, RequestPolicy requests, PartialExtension extension) {
        this.s = s;
        this.config = s.config;
        this.backoffs = backoffs;
        this.promises = promises;
        this.batch = batch;
        this.partial = partial;
        this.requests = requests;
        this.extension = extension;
    }

    // ---------------------------------------------------------------- join and leave

    void join(String topic, TopicOptions options, Consumer<Delivery> onMessage) {
        if (options.partialEnabled() && !partial.advertises()) {
            throw new IllegalStateException("partial messages on " + topic + " need the partial-messages extension");
        }
        boolean changed = !options.equals(s.options(topic));
        s.topicOptions.put(topic, options);
        if (s.subscriptions.containsKey(topic)) {
            s.subscriptions.put(topic, onMessage);
            if (!changed) return;
            Rpc update = new Rpc(List.of(partial.subscription(topic)), List.of(), null, null);
            for (PeerState p : s.peers.values()) {
                if (p.ready()) s.send(p, update);
            }
            return;
        }
        s.subscriptions.put(topic, onMessage);
        Rpc announce = new Rpc(List.of(partial.subscription(topic)), List.of(), null, null);
        for (PeerState p : s.peers.values()) {
            if (p.ready()) s.send(p, announce);
        }
        Set<PeerId> m = new LinkedHashSet<>();
        long now = s.now();
        Set<PeerId> fromFanout = s.fanout.remove(topic);
        s.fanoutLastPublish.remove(topic);
        if (fromFanout != null) {
            for (PeerId peer : fromFanout) {
                if (!backoffs.blocksGrafting(topic, peer, now) && s.peers.containsKey(peer)) m.add(peer);
            }
        }
        for (PeerId peer : s.shuffled(eligible(topic, m))) {
            if (m.size() >= config.d()) break;
            m.add(peer);
        }
        s.mesh.put(topic, m);
        for (PeerId peer : m) {
            s.tracer.meshAdded(topic, peer);
            s.send(s.peers.get(peer), Rpc.ofControl(ControlMessage.graft(topic)));
        }
    }

    void leave(String topic) {
        if (s.subscriptions.remove(topic) == null) return;
        s.topicOptions.remove(topic);
        Set<PeerId> m = s.mesh.remove(topic);
        if (m != null) {
            for (PeerId peer : m) {
                s.tracer.meshRemoved(topic, peer);
                PeerState p = s.peers.get(peer);
                if (p == null) continue;
                backoffs.add(topic, peer, config.unsubscribeBackoff(), s.now());
                s.send(p, Rpc.ofControl(ControlMessage.prune(List.of(Backoffs.prune(p, topic, config.unsubscribeBackoff())))));
            }
        }
        Rpc announce = new Rpc(List.of(SubOpts.unsubscribe(topic)), List.of(), null, null);
        for (PeerState p : s.peers.values()) {
            if (p.ready()) s.send(p, announce);
        }
    }

    /** The fanout of a topic we publish to without joining it, drawn on first use. */
    Set<PeerId> fanout(String topic) {
        s.fanoutLastPublish.put(topic, s.now());
        return s.fanout.computeIfAbsent(topic, t -> {
            Set<PeerId> chosen = new LinkedHashSet<>();
            for (PeerId peer : s.shuffled(eligible(topic, Set.of()))) {
                if (chosen.size() >= config.d()) break;
                chosen.add(peer);
            }
            return chosen;
        });
    }

    // ---------------------------------------------------------------- heartbeat

    /** docs/wire.md §7.9, in go's order; with scoring off every score is 0. */
    void heartbeat() {
        s.ticks++;
        long now = s.now();
        s.tracer.heartbeat(now);
        for (PeerState p : s.peers.values()) p.onHeartbeat(s.ticks);
        backoffs.expire(now);
        promises.expire(now);
        s.seen.sweep(now);
        requests.onHeartbeat();
        extension.onHeartbeat();
        for (String topic : s.subscriptions.keySet()) maintainMesh(topic);
        maintainFanout(now);
        batch.flush(s);
        s.mcache.shift();
    }

    private void maintainMesh(String topic) {
        Set<PeerId> m = s.mesh.computeIfAbsent(topic, t -> new LinkedHashSet<>());
        m.removeIf(peer -> !s.peers.containsKey(peer));
        for (PeerId peer : List.copyOf(m)) {
            if (s.score(peer) < 0) prune(topic, peer, m);
        }
        if (m.size() < config.dLo()) {
            for (PeerId peer : s.shuffled(eligible(topic, m))) {
                if (m.size() >= config.d()) break;
                graft(topic, peer, m);
            }
        }
        // At D_hi already, not only above it: go-libp2p-pubsub's heartbeat tests len(peers) >= Dhi
        // (v0.17 and v0.19 alike). With "above", meshes of 32-host Shadow cells settled at 10-12
        // peers where go's were pruned back to about 8, and gsnode's publisher pushed to more peers.
        if (m.size() >= config.dHi()) {
            shrink(topic, m);
        }
        if (m.size() >= config.dLo() && config.dOut() > 0) {
            int outbound = s.countOutbound(m);
            if (outbound < config.dOut()) {
                for (PeerId peer : s.shuffled(eligible(topic, m))) {
                    if (outbound >= config.dOut()) break;
                    if (s.peers.get(peer).outbound()) {
                        graft(topic, peer, m);
                        outbound++;
                    }
                }
            }
        }
        if (config.opportunisticGraftTicks() > 0 && s.ticks % config.opportunisticGraftTicks() == 0 && m.size() > 1) {
            opportunisticGraft(topic, m);
        }
        emitGossip(topic, m);
    }

    /** When the mesh's median score is below the threshold, graft a few better-scored peers. */
    private void opportunisticGraft(String topic, Set<PeerId> m) {
        List<Double> scores = new ArrayList<>();
        for (PeerId peer : m) scores.add(s.score(peer));
        scores.sort(null);
        double median = scores.get(scores.size() / 2);
        if (median >= config.thresholds().opportunisticGraft()) return;
        int grafted = 0;
        for (PeerId peer : s.shuffled(eligible(topic, m))) {
            if (grafted >= config.opportunisticGraftPeers()) break;
            if (s.score(peer) > median) {
                graft(topic, peer, m);
                grafted++;
            }
        }
    }

    /** Keeps D random peers, at least Dout of them outbound, and prunes the rest. */
    private void shrink(String topic, Set<PeerId> m) {
        List<PeerId> order = s.shuffled(m);
        List<PeerId> keep = new ArrayList<>(order.subList(0, config.d()));
        List<PeerId> rest = new ArrayList<>(order.subList(config.d(), order.size()));
        int outbound = s.countOutbound(keep);
        for (int i = keep.size() - 1; i >= 0 && outbound < config.dOut(); i--) {
            if (s.peers.get(keep.get(i)).outbound()) continue;
            PeerId swapIn = null;
            for (PeerId candidate : rest) {
                if (s.peers.get(candidate).outbound()) {
                    swapIn = candidate;
                    break;
                }
            }
            if (swapIn == null) break;
            rest.remove(swapIn);
            rest.add(keep.set(i, swapIn));
            outbound++;
        }
        for (PeerId peer : rest) prune(topic, peer, m);
    }

    private void graft(String topic, PeerId peer, Set<PeerId> m) {
        m.add(peer);
        s.tracer.meshAdded(topic, peer);
        batch.graft(peer, topic);
    }

    private void prune(String topic, PeerId peer, Set<PeerId> m) {
        m.remove(peer);
        s.tracer.meshRemoved(topic, peer);
        Duration wait = config.pruneBackoff();
        backoffs.add(topic, peer, wait, s.now());
        batch.prune(peer, Backoffs.prune(s.peers.get(peer), topic, wait));
    }

    private void maintainFanout(long now) {
        long ttl = config.fanoutTtl().toNanos();
        for (var it = s.fanoutLastPublish.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (now - e.getValue() > ttl) {
                s.fanout.remove(e.getKey());
                it.remove();
            }
        }
        for (var e : s.fanout.entrySet()) {
            String topic = e.getKey();
            Set<PeerId> f = e.getValue();
            Set<PeerId> inTopic = s.topicPeers.getOrDefault(topic, Set.of());
            f.removeIf(peer -> !inTopic.contains(peer) || !s.peers.containsKey(peer));
            for (PeerId peer : s.shuffled(eligible(topic, f))) {
                if (f.size() >= config.d()) break;
                f.add(peer);
            }
            emitGossip(topic, f);
        }
    }

    /** IHAVE of the recent ids to max(Dlazy, factor × candidates) random topic peers outside {@code exclude}. */
    private void emitGossip(String topic, Set<PeerId> exclude) {
        List<MessageId> ids = s.mcache.gossipIds(topic);
        if (ids.isEmpty() && !partial.iSupportSendingPartial(topic)) return;
        List<PeerId> candidates = new ArrayList<>();
        for (PeerId peer : s.topicPeers.getOrDefault(topic, Set.of())) {
            PeerState p = s.peers.get(peer);
            if (p != null && p.ready() && !exclude.contains(peer) && s.score(peer) >= config.thresholds().gossip()) {
                candidates.add(peer);
            }
        }
        int target = Math.max(config.dLazy(), (int) (config.gossipFactor() * candidates.size()));
        List<PeerId> chosen = s.shuffled(candidates);
        if (chosen.size() > target) chosen = chosen.subList(0, target);
        // go: targets that asked for partial messages get no IHAVE; the extension gossips to them.
        List<PeerId> partialTargets = new ArrayList<>();
        for (PeerId peer : chosen) {
            if (partial.wantsPartialOnly(s.peers.get(peer), topic)) {
                partialTargets.add(peer);
                continue;
            }
            if (ids.isEmpty()) continue;
            List<MessageId> announce = ids;
            if (ids.size() > config.maxIHaveLength()) {
                List<MessageId> copy = new ArrayList<>(ids);
                s.shuffle(copy);
                announce = copy.subList(0, config.maxIHaveLength());
            }
            List<byte[]> raw = new ArrayList<>(announce.size());
            for (MessageId id : announce) raw.add(id.bytes());
            batch.ihave(peer, new IHave(topic, raw));
        }
        if (!partialTargets.isEmpty()) extension.onEmitGossip(topic, partialTargets);
    }

    /** Topic peers that may be grafted: ready, not in {@code exclude}, not backed off. */
    private List<PeerId> eligible(String topic, Set<PeerId> exclude) {
        long now = s.now();
        List<PeerId> out = new ArrayList<>();
        for (PeerId peer : s.topicPeers.getOrDefault(topic, Set.of())) {
            PeerState p = s.peers.get(peer);
            if (p != null && p.ready() && !exclude.contains(peer) && !backoffs.blocksGrafting(topic, peer, now)
                    && s.score(peer) >= 0) {
                out.add(peer);
            }
        }
        return out;
    }
}
