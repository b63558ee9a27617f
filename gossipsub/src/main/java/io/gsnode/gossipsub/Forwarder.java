package io.gsnode.gossipsub;

import io.gsnode.gossipsub.GossipRouter.Outgoing;
import io.gsnode.gossipsub.policy.ForwardingPolicy;
import io.gsnode.gossipsub.policy.ForwardingPolicy.ForwardPlan;
import io.gsnode.gossipsub.policy.ForwardingPolicy.ForwardRequest;
import io.gsnode.gossipsub.policy.MessageValidator;
import io.gsnode.gossipsub.policy.RequestPolicy;
import io.gsnode.gossipsub.policy.ValidationDelay;
import io.gsnode.gossipsub.policy.ValidationResult;
import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.gossipsub.trace.CopyKind;
import io.gsnode.gossipsub.trace.RpcParts;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.buffer.ByteBuf;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Full messages in and out: accepting one from a peer, publishing our own, and the forwarding
 * rule's plan for each, drained round-robin onto the peers' queues.
 * Loop thread only.
 */
final class Forwarder {

    private static final Logger log = LoggerFactory.getLogger(Forwarder.class);

    private record Planned(PeerId peer, boolean push) {}

    private record PlannedMessage(MessageId id, PubMessage message, List<Planned> sends) {}

    private final RouterState s;
    private final GossipConfig config;
    private final MessageSigner signer;
    private final MessageIdFunction idFunction;
    private final MessageValidator validator;
    private final ValidationDelay validationDelay;
    private final ForwardingPolicy forwarding;
    private final RequestPolicy requests;
    private final Promises promises;
    private final PartialNegotiation partial;
    private final MeshMaintenance meshes;

    Forwarder(RouterState s, MessageSigner signer, MessageIdFunction idFunction, MessageValidator validator,
              ValidationDelay validationDelay, ForwardingPolicy forwarding, RequestPolicy requests, Promises promises,
              PartialNegotiation partial, MeshMaintenance meshes) {
        this.s = s;
        this.config = s.config;
        this.signer = signer;
        this.idFunction = idFunction;
        this.validator = validator;
        this.validationDelay = validationDelay;
        this.forwarding = forwarding;
        this.requests = requests;
        this.promises = promises;
        this.partial = partial;
        this.meshes = meshes;
    }

    /**
     * A message from {@code from}: checked, deduplicated, validated (after the topic's validation
     * delay), delivered and forwarded.
     */
    void receive(PeerState from, PubMessage m, long arrivedNanos) {
        if (!s.subscriptions.containsKey(m.topic())) {
            s.reject(from.id, RejectReason.UNKNOWN_TOPIC);
            return;
        }
        String bad = signer.check(m);
        if (bad != null) {
            s.reject(from.id, RejectReason.SIGNATURE_POLICY);
            log.debug("rejecting message from {}: {}", from.id, bad);
            return;
        }
        MessageId id = idFunction.apply(m);
        if (!s.seen.add(id, s.now())) {
            s.tracer.duplicate(from.id, id, m.topic());
            return;
        }
        s.tracer.arrived(from.id, id, m.topic(), arrivedNanos);
        if (m.data().length >= config.idontwantThreshold()) sendIDontWant(m.topic(), id, from.id);
        requests.onDelivered(id);
        promises.delivered(id);
        Duration delay = validationDelay.of(m.topic());
        if (delay.isZero()) {
            validateAndForward(from.id, id, m, arrivedNanos);
        } else {
            // A timer, not a wait: the router goes on with other peers' RPCs meanwhile, and copies
            // arriving during the delay already count as duplicates, as they would behind go's async validators.
            s.loop.schedule(delay, () -> validateAndForward(from.id, id, m, arrivedNanos));
        }
    }

    private void validateAndForward(PeerId from, MessageId id, PubMessage m, long arrivedNanos) {
        ValidationResult verdict = validator.validate(from, id, m);
        if (verdict != ValidationResult.ACCEPT) {
            s.reject(from, verdict == ValidationResult.REJECT ? RejectReason.INVALID : RejectReason.IGNORED);
            return;
        }
        s.tracer.delivered(from, id, m.topic(), m.data().length);
        s.mcache.put(id, m);
        Consumer<Delivery> handler = s.subscriptions.get(m.topic());
        if (handler != null) handler.accept(new Delivery(id, m.topic(), m.data(), from, arrivedNanos));
        List<Planned> plan = plan(id, m, from, false);
        drain(List.of(new PlannedMessage(id, m, plan)));
    }

    /**
     * v1.2: tell the mesh peers other than {@code source} (null: all of them) at once, in its own
     * RPC ahead of their queued data, that we hold {@code id}.
     */
    private void sendIDontWant(String topic, MessageId id, PeerId source) {
        Set<PeerId> m = s.mesh.get(topic);
        if (m == null) return;
        Rpc rpc = Rpc.ofControl(ControlMessage.idontwant(List.of(id.bytes())));
        for (PeerId peer : m) {
            PeerState p = s.peers.get(peer);
            if (peer.equals(source) || p == null || !p.ready() || !p.version.hasIDontWant()) continue;
            // go: no IDONTWANT to peers that use partial messages with us on this topic.
            if (partial.iRequestPartial(topic) && partial.peerSupportsSendingPartial(p, topic)) continue;
            s.sendUrgent(p, rpc);
        }
    }

    /**
     * Our own messages. Each one at or above the IDONTWANT threshold is first announced with
     * IDONTWANT to the topic's mesh peers, in the urgent lane ahead of any data, as go-libp2p-pubsub
     * does since v0.14.0 ("Send IDONTWANT before first publish", #612): a mesh peer that gets a copy
     * from someone else first then never sends one back to us.
     */
    List<PublishResult> publish(List<Outgoing> batch) {
        List<PlannedMessage> planned = new ArrayList<>();
        long now = s.now();
        for (Outgoing o : batch) {
            PubMessage m = signer.author(o.topic(), o.data());
            MessageId id = idFunction.apply(m);
            s.seen.add(id, now);
            s.mcache.put(id, m);
            if (m.data().length >= config.idontwantThreshold()) sendIDontWant(m.topic(), id, null);
            planned.add(new PlannedMessage(id, m, plan(id, m, null, true)));
        }
        return drain(planned);
    }

    /** The forwarding rule's sends for one message, before any is made (docs/arms.md §6.1 steps 1-5). */
    private List<Planned> plan(MessageId id, PubMessage m, PeerId source, boolean publishing) {
        Set<PeerId> pool = recipientsPool(m.topic(), publishing);
        Set<PeerId> meshOfTopic = s.mesh.getOrDefault(m.topic(), Set.of());
        int holders = 0;
        for (PeerId peer : meshOfTopic) {
            PeerState p = s.peers.get(peer);
            if (p != null && p.dontWant(id)) holders++;
        }
        List<PeerId> candidates = new ArrayList<>();
        for (PeerId peer : pool) {
            PeerState p = s.peers.get(peer);
            if (p == null || !p.ready() || partial.wantsPartialOnly(p, m.topic())) continue;
            if (p.dontWant(id)) {
                s.tracer.suppressedByIDontWant(peer, id);
                continue;
            }
            candidates.add(peer);
        }
        candidates.sort(null);
        ForwardPlan plan = forwarding.plan(new ForwardRequest(id, m.topic(), List.copyOf(candidates), holders, publishing));
        PeerId author = author(m);
        List<Planned> sends = new ArrayList<>();
        for (PeerId peer : plan.push()) {
            if (!peer.equals(source) && !peer.equals(author)) sends.add(new Planned(peer, true));
        }
        for (PeerId peer : plan.announce()) {
            if (!peer.equals(source) && !peer.equals(author)) sends.add(new Planned(peer, false));
        }
        return sends;
    }

    private Set<PeerId> recipientsPool(String topic, boolean publishing) {
        if (publishing && config.floodPublish()) {
            Set<PeerId> flood = new LinkedHashSet<>();
            for (PeerId peer : s.topicPeers.getOrDefault(topic, Set.of())) {
                if (s.score(peer) >= config.thresholds().publish()) flood.add(peer);
            }
            return flood;
        }
        Set<PeerId> m = s.mesh.get(topic);
        if (m != null) return m;
        if (!publishing) return Set.of();
        return meshes.fanout(topic);
    }

    private static PeerId author(PubMessage m) {
        if (m.from() == null) return null;
        try {
            return PeerId.fromBytes(m.from());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Sends the plans round-robin over messages, re-checking IDONTWANT at each send (docs/arms.md §5.4). */
    private List<PublishResult> drain(List<PlannedMessage> plans) {
        int[] pushed = new int[plans.size()];
        int[] announced = new int[plans.size()];
        ByteBuf[] frames = new ByteBuf[plans.size()];
        RpcParts[] parts = new RpcParts[plans.size()];
        try {
            int longest = 0;
            for (PlannedMessage pm : plans) longest = Math.max(longest, pm.sends().size());
            for (int round = 0; round < longest; round++) {
                for (int i = 0; i < plans.size(); i++) {
                    PlannedMessage pm = plans.get(i);
                    if (round >= pm.sends().size()) continue;
                    Planned send = pm.sends().get(round);
                    PeerState p = s.peers.get(send.peer());
                    if (p == null) continue;
                    if (!send.push()) {
                        s.send(p, Rpc.ofControl(ControlMessage.ihave(pm.message().topic(), List.of(pm.id().bytes()))));
                        announced[i]++;
                        continue;
                    }
                    if (p.dontWant(pm.id())) {
                        s.tracer.suppressedByIDontWant(p.id, pm.id());
                        continue;
                    }
                    if (frames[i] == null) {
                        // Encoded once; every recipient's queue holds a reference to the same bytes.
                        Rpc rpc = Rpc.ofPublish(pm.message());
                        frames[i] = RpcEncoder.encodeFrame(s.alloc, rpc);
                        parts[i] = RpcParts.of(rpc, frames[i].readableBytes());
                    }
                    MessageId id = pm.id();
                    String topic = pm.message().topic();
                    OutboundQueue.WriteListener copy = (queued, started, done) ->
                            s.tracer.copyWritten(p.id, id, topic, CopyKind.PUSH, queued, started, done);
                    if (s.enqueue(p, frames[i].retainedDuplicate(), parts[i], copy)) pushed[i]++;
                }
            }
        } finally {
            for (ByteBuf f : frames) {
                if (f != null) f.release();
            }
        }
        List<PublishResult> results = new ArrayList<>(plans.size());
        for (int i = 0; i < plans.size(); i++) {
            results.add(new PublishResult(plans.get(i).id(), pushed[i], announced[i]));
        }
        return results;
    }

    /** A message an IWANT asked for: its cache entry. */
    record Answer(MessageCache.Entry entry) {
        MessageId id() {
            return entry.id;
        }

        PubMessage message() {
            return entry.message;
        }
    }

    /** Answers IWANTs: as few RPCs as the size limit allows. */
    void answer(PeerState p, List<Answer> answers, long askedNanos) {
        List<Answer> batch = new ArrayList<>();
        int size = 0;
        for (Answer a : answers) {
            int entry = RpcEncoder.publishEntrySize(a.message());
            if (!batch.isEmpty() && size + entry > config.maxMessageSize() - 16) {
                sendAnswers(p, batch, askedNanos);
                batch = new ArrayList<>();
                size = 0;
            }
            batch.add(a);
            size += entry;
        }
        if (!batch.isEmpty()) sendAnswers(p, batch, askedNanos);
    }

    /** One RPC of answers, sharing each message's bytes with every other answer of it (docs/security.md). */
    private void sendAnswers(PeerState p, List<Answer> batch, long askedNanos) {
        List<PubMessage> messages = new ArrayList<>(batch.size());
        List<ByteBuf> entries = new ArrayList<>(batch.size());
        for (Answer a : batch) {
            messages.add(a.message());
            entries.add(a.entry().publishEntry());
        }
        ByteBuf frame = RpcEncoder.publishFrame(s.alloc, entries);
        RpcParts parts = RpcParts.of(new Rpc(List.of(), messages, null, null), frame.readableBytes());
        s.enqueue(p, frame, parts, (queued, started, done) -> {
            s.tracer.iwantAnswered(p.id, done - askedNanos);
            for (Answer a : batch) s.tracer.copyWritten(p.id, a.id(), a.message().topic(), CopyKind.IWANT, queued, started, done);
        });
    }
}
