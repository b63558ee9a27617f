package io.gsnode.segmentation.partial;

import io.gsnode.gossipsub.partial.PartialMessagesApplication;
import io.gsnode.gossipsub.partial.PartialMessagesExtension;
import io.gsnode.gossipsub.partial.PartialRouterServices;
import io.gsnode.gossipsub.partial.PartialRpcException;
import io.gsnode.gossipsub.partial.PublishAction;
import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.segmentation.codec.SegmentException;
import io.gsnode.segmentation.codec.SegmentGroup;
import io.gsnode.segmentation.codec.SegmentMessage;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Variant B's broadcaster (docs/arms.md §8): the application of the partial-messages extension on
 * one topic. Every event (a publish, incoming metadata, an accepted segment batch, heartbeat
 * gossip, the retry tick) schedules a publish pass for its group; the pass decides, per peer,
 * which held segments to send (what it asked for, then {@link PushPhase}), which missing indices
 * to claim from it ({@link ClaimLedger}) and whether its metadata changed.
 *
 * <p>All state is touched on the router thread (the extension calls in there); only rebuilding a
 * complete group runs on the broadcaster's assembly thread, so a large RS recovery does not stall
 * the router.
 */
public final class PartialBroadcaster implements PartialMessagesApplication<PeerParts> {

    private static final Logger log = LoggerFactory.getLogger(PartialBroadcaster.class);
    /** Reassembly bounds (docs/arms.md §8.5): groups held and encoded bytes held. */
    static final int MAX_GROUPS = 64;
    static final long MAX_BYTES = 64L << 20;

    private final BroadcasterConfig config;
    private final String topic;
    private final DescriptorAuthenticator authenticator;
    private final CompletionListener listener;
    private final PushPhase push;
    private final PartialMessagesExtension<PeerParts> extension;
    private final BroadcastCounters counters = new BroadcastCounters();
    private final PartialReceiver receiver = new PartialReceiver(counters);
    private final Random random;
    private final Map<ByteBuffer, GroupRun> groups = new HashMap<>();
    private final ExecutorService assembly = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "partial-assembly");
        t.setDaemon(true);
        return t;
    });
    private RetryLoop retry;
    private volatile boolean completedAll;

    /**
     * @param committedGroupIds the group ids this node accepts (the cell's)
     * @param seed seeds the per-pass peer order
     */
    public PartialBroadcaster(BroadcasterConfig config, String topic, List<byte[]> committedGroupIds,
                              long seed, CompletionListener listener) {
        this.config = config;
        this.topic = topic;
        this.authenticator = new DescriptorAuthenticator(committedGroupIds);
        this.listener = listener;
        this.push = new PushPhase(config.replication());
        this.random = new Random(seed);
        this.extension = new PartialMessagesExtension<>(this);
    }

    /** The extension to install on the router ({@code GossipRouter.Builder.extension}). */
    public PartialMessagesExtension<PeerParts> extension() {
        return extension;
    }

    public String topic() {
        return topic;
    }

    /** Publishes {@code group} (docs/arms.md §8.7): our own segments go through our store, then a pass. Any thread. */
    public void publish(SegmentGroup group) {
        router().execute(() -> {
            GroupRun g = run(group.groupId());
            if (g == null) throw new IllegalStateException("too many groups to publish another");
            if (g.store == null) g.described(group.descriptor());
            for (SegmentMessage m : group.messages()) g.store.add(m, m.encode());
            schedulePass(g);
        });
    }

    /** Whether every group we have seen is rebuilt (one group in the report's cells). Any thread. */
    public boolean completed() {
        return completedAll;
    }

    /** The §8.8 counters plus refusals. Any thread. */
    public Map<String, Long> counters() {
        Map<String, Long> m = counters.asMap();
        extension.errors().forEach((k, v) -> m.put("extension_" + k, v));
        return m;
    }

    BroadcastCounters rawCounters() {
        return counters;
    }

    /** Groups with a reassembly slot. Router thread. */
    int groupsHeld() {
        return groups.size();
    }

    // ---------------------------------------------------------------- extension callbacks (router thread)

    @Override
    public PeerParts newPeerState() {
        return new PeerParts();
    }

    /**
     * Committed groups only, asked by the extension before a group takes any slot (its own
     * peer-initiated ones, then our reassembly ones): invented group ids would otherwise fill the
     * slots and the real group be refused (docs/arms.md §8.5). A refusal is counted.
     */
    @Override
    public boolean admitsGroup(String topic, byte[] groupId) {
        if (groups.containsKey(ByteBuffer.wrap(groupId)) || authenticator.committed(groupId)) return true;
        counters.authRefused.increment();
        return false;
    }

    @Override
    public void onIncoming(PeerId from, Map<PeerId, PeerParts> peerStates, PartialMessage rpc) throws PartialRpcException {
        GroupRun g = run(rpc.groupId());
        if (g == null) throw new PartialRpcException("reassembly bound: " + MAX_GROUPS + " groups");
        PeerParts sender = peerStates.computeIfAbsent(from, p -> newPeerState());
        PartialReceiver.Received r = receiver.receive(sender, rpc);
        if (r.metadata() != null) g.announced(r.metadata().count(), r.metadata().required());
        long now = router().nanoTime();
        boolean accepted = false;
        for (PartialReceiver.Segment s : r.segments()) accepted |= accept(g, from, s, now);
        schedulePass(g); // before delivering, as the reference does
        if (accepted) maybeAssemble(g);
    }

    @Override
    public void onEmitGossip(String topic, byte[] groupId, List<PeerId> peers, Map<PeerId, PeerParts> peerStates) {
        GroupRun g = groups.get(ByteBuffer.wrap(groupId));
        if (g != null) schedulePass(g);
    }

    // ---------------------------------------------------------------- receiving

    /** Verifies and stores one segment (docs/arms.md §8.6); false if refused or already held. */
    private boolean accept(GroupRun g, PeerId from, PartialReceiver.Segment s, long now) {
        SegmentMessage m = s.message();
        if (g.store == null) {
            // The first segment of a group: authenticate its descriptor, within the sender's attempts.
            if (!authenticator.attempt(from, now) || !authenticator.committed(g.groupId)) {
                counters.authRefused.increment();
                return false;
            }
            try {
                m.verify();
            } catch (SegmentException e) {
                counters.invalidSegments.increment();
                return false;
            }
            if (totalBytes() + s.encoding().length > MAX_BYTES) return false;
            g.described(m.descriptor());
        } else {
            if (g.store.has(m.index())) {
                counters.receivedDuplicate.increment();
                if (g.ledger != null) g.ledger.arrived(m.index(), from, now);
                return false;
            }
            if (!m.descriptor().equals(g.store.descriptor())) {
                counters.invalidSegments.increment();
                return false;
            }
            try {
                m.verify();
            } catch (SegmentException e) {
                counters.invalidSegments.increment();
                return false;
            }
            if (totalBytes() + s.encoding().length > MAX_BYTES) return false;
        }
        g.store.add(m, s.encoding());
        counters.received.increment();
        if (g.ledger != null && g.ledger.arrived(m.index(), from, now)) counters.rttSamples.increment();
        return true;
    }

    private void maybeAssemble(GroupRun g) {
        if (g.assembling || !g.holdsEnough()) return;
        g.assembling = true;
        var d = g.store.descriptor();
        List<SegmentMessage> snapshot = g.store.snapshot();
        assembly.execute(() -> {
            try {
                byte[] message = GroupStore.assemble(d, snapshot);
                long at = System.nanoTime();
                g.completed = true;
                completedAll = allCompleted();
                listener.completed(g.groupId.clone(), at, message);
            } catch (SegmentException e) {
                // Verified segments that do not make one codeword: a publisher's fault, not a peer's.
                log.warn("group does not rebuild: {}", e.getMessage());
                counters.invalidSegments.increment();
            }
        });
    }

    private boolean allCompleted() {
        synchronized (groups) {
            for (GroupRun g : groups.values()) {
                if (g.store != null && !g.completed) return false;
            }
            return true;
        }
    }

    // ---------------------------------------------------------------- the publish pass

    private void schedulePass(GroupRun g) {
        if (g.passPending) return;
        g.passPending = true;
        router().execute(() -> pass(g));
        retryLoop().ensureRunning();
    }

    /**
     * One tick of the retry loop: a pass for every group still short of segments, and for every
     * group held whose topic mesh has a partial peer no pass of it ever reached. The second is
     * ours, not the reference's: there a mesh peer that arrives after the last event of a
     * complete node is reached only by that node's next event, so a publish that beats the mesh
     * (a loaded host, a late dial) would strand its mesh peers. Peers once reached are not
     * revisited, so a group whose extension state expired is not re-pushed to them. Keeps ticking
     * while any group is known.
     */
    private boolean retryTick() {
        for (GroupRun g : List.copyOf(groups.values())) {
            if (!g.known()) continue;
            if (!g.holdsEnough() || !g.reached.containsAll(router().partialMeshPeers(topic))) pass(g);
        }
        return !groups.isEmpty();
    }

    private void pass(GroupRun g) {
        g.passPending = false;
        if (!g.known()) return;
        extension.publishPartial(topic, g.groupId, states -> actions(g, states, router().nanoTime()));
    }

    /** docs/arms.md §8.4 steps 1-4 over every peer of the group's state map. */
    private List<PublishAction> actions(GroupRun g, Map<PeerId, PeerParts> states, long now) {
        BitSet held = g.held();
        boolean wanting = !g.holdsEnough();
        g.reached.addAll(states.keySet());
        List<PeerId> order = new ArrayList<>(states.keySet());
        order.sort(null);
        List<PeerId> partialPeers = new ArrayList<>();
        for (PeerId p : order) {
            if (extension.peerRequestsPartial(p, topic)) partialPeers.add(p);
        }
        // Without push chunks the reference visits peers in Go map order: effectively random per pass.
        if (config.pushChunk() == 0) Collections.shuffle(order, random);
        int[] holders = holders(held, states, g.count);
        List<Integer> wanted = wanting ? wanted(g, held) : List.of();
        if (wanting) {
            if (g.ledger == null) g.ledger = newLedger(g, now);
            g.ledger.beginPass(held, now);
        }
        List<PeerId> peers = new ArrayList<>();
        List<List<byte[]>> segments = new ArrayList<>();
        List<byte[]> metadata = new ArrayList<>();
        long requestedBefore = g.ledger == null ? 0 : g.ledger.requested();
        long reissuedBefore = g.ledger == null ? 0 : g.ledger.reissued();
        long strikesBefore = g.ledger == null ? 0 : g.ledger.strikes().total();
        Map<PeerId, BitSet> claims = wanting ? claims(g, order, states, wanted, now) : Map.of();
        for (PeerId peer : order) {
            PeerParts st = states.get(peer);
            List<byte[]> send = new ArrayList<>();
            if (partialPeers.contains(peer)) {
                for (int i = held.nextSetBit(0); i >= 0; i = held.nextSetBit(i + 1)) {
                    if (st.pushed.get(i)) continue;
                    if (st.requests.get(i)) {
                        counters.served.increment();
                    } else if (st.available.get(i)) {
                        continue;
                    } else if (push.push(g.groupId, i, peer, holders[i], partialPeers)) {
                        counters.pushed.increment();
                    } else {
                        continue;
                    }
                    send.add(config.compress() ? g.store.compressedEncoding(i) : g.store.encoding(i));
                    st.pushed.set(i);
                    st.holds(i);
                }
            }
            BitSet requests = claims.getOrDefault(peer, new BitSet());
            byte[] md = new PartsMetadata(g.count, g.required, held, requests).encode();
            if (Arrays.equals(md, st.sent)) {
                md = null;
            } else {
                st.sent = md;
                st.sentNanos = now;
                counters.metadataSent.increment();
            }
            peers.add(peer);
            segments.add(send);
            metadata.add(md);
        }
        if (g.ledger != null) {
            counters.requested.add(g.ledger.requested() - requestedBefore);
            counters.reissued.add(g.ledger.reissued() - reissuedBefore);
            counters.strikes.add(g.ledger.strikes().total() - strikesBefore);
        }
        return rounds(peers, segments, metadata);
    }

    /**
     * The claims of a pass, per peer: each wanted index from the holders in the pass's order
     * (docs/arms.md §8.4 step 3, §8.5). With strikes off, once a claim of the group has lapsed,
     * peers that served a claim come first, then those not asked yet, and peers that let a claim
     * lapse last (ClaimLedger): holders that advertise every part and serve none would otherwise be
     * asked again and again. Until a claim lapses the order is the pass's own.
     */
    private Map<PeerId, BitSet> claims(GroupRun g, List<PeerId> order, Map<PeerId, PeerParts> states, List<Integer> wanted, long now) {
        List<PeerId> claimOrder = order;
        if (!g.ledger.strikes().bars() && g.ledger.anyLapsed()) {
            claimOrder = new ArrayList<>(order);
            claimOrder.sort(Comparator.comparingInt(p -> g.ledger.lapsed(p) ? 2 : g.ledger.served(p) ? 0 : 1)); // stable
        }
        Map<PeerId, BitSet> out = new HashMap<>();
        for (PeerId peer : claimOrder) {
            PeerParts st = states.get(peer);
            BitSet requests = new BitSet();
            for (int i : wanted) {
                if (st.available.get(i) && g.ledger.claim(i, peer, now)) requests.set(i);
            }
            out.put(peer, requests);
        }
        return out;
    }

    /**
     * The RPCs of a pass: without push chunks one per peer (its segments and metadata); with
     * chunk c, round 0 gives each peer its metadata and first c segments, every later round the
     * next c, peers in sorted order (docs/arms.md §8.4 step 4).
     */
    private List<PublishAction> rounds(List<PeerId> peers, List<List<byte[]>> segments, List<byte[]> metadata) {
        List<PublishAction> out = new ArrayList<>();
        int c = config.pushChunk();
        if (c == 0) {
            for (int p = 0; p < peers.size(); p++) {
                byte[] parts = segments.get(p).isEmpty() ? null : PartialMessageCodec.encodeBodies(segments.get(p), config.compress());
                out.add(new PublishAction(peers.get(p), parts, metadata.get(p)));
            }
            return out;
        }
        int longest = 0;
        for (List<byte[]> s : segments) longest = Math.max(longest, (s.size() + c - 1) / c);
        for (int round = 0; round < Math.max(1, longest); round++) {
            for (int p = 0; p < peers.size(); p++) {
                List<byte[]> s = segments.get(p);
                int from = round * c;
                byte[] parts = from < s.size()
                        ? PartialMessageCodec.encodeBodies(s.subList(from, Math.min(s.size(), from + c)), config.compress()) : null;
                byte[] md = round == 0 ? metadata.get(p) : null;
                if (parts != null || md != null) out.add(new PublishAction(peers.get(p), parts, md));
            }
        }
        return out;
    }

    private static int[] holders(BitSet held, Map<PeerId, PeerParts> states, int count) {
        int[] holders = new int[count];
        for (PeerParts st : states.values()) {
            BitSet a = st.available;
            for (int i = a.nextSetBit(0); i >= 0 && i < count; i = a.nextSetBit(i + 1)) holders[i]++;
        }
        return holders;
    }

    /** Missing indices; with a claim cap, ordered by our own rendezvous score ascending so nodes ask in different orders. */
    private List<Integer> wanted(GroupRun g, BitSet held) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < g.count; i++) {
            if (!held.get(i)) out.add(i);
        }
        if (config.claimPerPeer() > 0) {
            PeerId self = router().localPeer();
            Map<Integer, Long> score = new HashMap<>();
            for (int i : out) score.put(i, PartRank.score(g.groupId, i, self));
            out.sort(Comparator.comparing(score::get, Long::compareUnsigned));
        }
        return out;
    }

    private ClaimLedger newLedger(GroupRun g, long now) {
        int target = g.required + (g.coded() ? config.claimSurplus() : 0);
        StrikeBook strikes = new StrikeBook(config.strikeCap(), config.strikeTtl().toNanos());
        return new ClaimLedger(target, config.claimPerPeer(), strikes,
                new AdaptiveTimeout(config.requestTimeout().toNanos(), config.adaptiveTimeout()), now);
    }

    // ---------------------------------------------------------------- helpers

    private GroupRun run(byte[] groupId) {
        ByteBuffer key = ByteBuffer.wrap(groupId.clone());
        GroupRun g = groups.get(key);
        if (g != null) return g;
        if (groups.size() >= MAX_GROUPS) return null;
        g = new GroupRun(key.array());
        synchronized (groups) {
            groups.put(key, g);
        }
        return g;
    }

    private long totalBytes() {
        long total = 0;
        for (GroupRun g : groups.values()) {
            if (g.store != null) total += g.store.bytes();
        }
        return total;
    }

    private PartialRouterServices router() {
        PartialRouterServices r = extension.router();
        if (r == null) throw new IllegalStateException("the broadcaster's extension is not installed on a started router");
        return r;
    }

    private RetryLoop retryLoop() {
        if (retry == null) retry = new RetryLoop(router(), config.retryInterval(), this::retryTick);
        return retry;
    }
}
