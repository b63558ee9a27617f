package io.gsnode.gossipsub;

import io.gsnode.formats.random.SplitMix64;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.gossipsub.trace.RpcParts;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What the router knows about peers, topics and meshes, and the few primitives every part of the
 * router shares (time, the send path, the seeded shuffle, the score). Loop thread only: the parts
 * that hold a reference to it all run on {@link RouterLoop}.
 */
final class RouterState {

    final GossipConfig config;
    final RouterTracer tracer;
    final RouterLoop loop;
    /**
     * The process's default allocator, the one the transports' channels use: a second pool (the
     * old {@code PooledByteBufAllocator}) kept its own arenas of direct memory beside it.
     */
    final ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;
    private final Random random;

    final Map<PeerId, PeerState> peers = new HashMap<>();
    final Map<String, Set<PeerId>> topicPeers = new HashMap<>();
    final Map<String, Consumer<Delivery>> subscriptions = new LinkedHashMap<>();
    final Map<String, TopicOptions> topicOptions = new HashMap<>();
    final Map<String, Set<PeerId>> mesh = new HashMap<>();
    final Map<String, Set<PeerId>> fanout = new HashMap<>();
    final Map<String, Long> fanoutLastPublish = new HashMap<>();
    final MessageCache mcache;
    final SeenCache seen;
    /** Heartbeats so far; IDONTWANT expiry counts in them. */
    long ticks;

    RouterState(GossipConfig config, RouterTracer tracer, RouterLoop loop) {
        this.config = config;
        this.tracer = tracer;
        this.loop = loop;
        long seed = config.seed() != null ? config.seed() : new SecureRandom().nextLong();
        // Mixed first: Random takes its seed nearly as is, and its first draw of a power of two from
        // neighbouring seeds is nearly always equal (99 times in 100), so the nodes of a cell, seeded
        // graph seed × 1,000,003 + index, would shuffle their peers alike (every node of a degree-16
        // cell leaving out the peer of the same rank). Mixed, each node's draws are its own, as go's
        // sources seeded with those values are.
        this.random = new Random(SplitMix64.firstOutput(seed));
        this.mcache = new MessageCache(config.historyLength(), config.historyGossip());
        this.seen = new SeenCache(config.seenTtl());
    }

    long now() {
        return loop.now();
    }

    void reject(PeerId from, RejectReason reason) {
        tracer.rejected(from, reason.label());
    }

    /**
     * The peer's score. No scoring is installed (docs/arms.md §5.1): every peer scores 0, and the
     * thresholds decide as go does with scoring off. The checks stay where the spec puts them.
     */
    double score(PeerId peer) {
        return 0;
    }

    TopicOptions options(String topic) {
        return topicOptions.getOrDefault(topic, TopicOptions.FULL_MESSAGES);
    }

    boolean send(PeerState p, Rpc rpc) {
        ByteBuf frame = RpcEncoder.encodeFrame(alloc, rpc);
        RpcParts parts = RpcParts.of(rpc, frame.readableBytes());
        return counted(p, parts, p.queue.offer(frame));
    }

    /** As {@link #send}; {@code onWritten} is told when the transport took the frame. */
    boolean send(PeerState p, Rpc rpc, OutboundQueue.WriteListener onWritten) {
        ByteBuf frame = RpcEncoder.encodeFrame(alloc, rpc);
        RpcParts parts = RpcParts.of(rpc, frame.readableBytes());
        return counted(p, parts, p.queue.offer(frame, onWritten));
    }

    /** As {@link #send}, ahead of the peer's queued data: for IDONTWANT, which only helps if it is early. */
    boolean sendUrgent(PeerState p, Rpc rpc) {
        ByteBuf frame = RpcEncoder.encodeFrame(alloc, rpc);
        RpcParts parts = RpcParts.of(rpc, frame.readableBytes());
        return counted(p, parts, p.queue.offerUrgent(frame));
    }

    /** Queues a frame encoded once for several peers, described by {@code parts}; {@code onWritten} as for {@link #send}. */
    boolean enqueue(PeerState p, ByteBuf frame, RpcParts parts, OutboundQueue.WriteListener onWritten) {
        return counted(p, parts, p.queue.offer(frame, onWritten));
    }

    /** Counts an offer's outcome: sent, or dropped because the queue was full. */
    private boolean counted(PeerState p, RpcParts parts, boolean accepted) {
        if (!accepted) {
            tracer.queueDropped(p.id);
            return false;
        }
        tracer.rpcSent(p.id, parts);
        return true;
    }

    int countOutbound(Collection<PeerId> set) {
        int n = 0;
        for (PeerId peer : set) {
            PeerState p = peers.get(peer);
            if (p != null && p.outbound()) n++;
        }
        return n;
    }

    /**
     * A seeded shuffle over a run-stable order (docs/arms.md §5.9): sorting by peer id first makes the
     * draw depend only on the seed and the set, not on the order peers happened to connect in.
     */
    List<PeerId> shuffled(Collection<PeerId> set) {
        List<PeerId> list = new ArrayList<>(set);
        list.sort(null);
        shuffle(list);
        return list;
    }

    <T> void shuffle(List<T> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }

    static List<PeerId> sorted(Collection<PeerId> set) {
        List<PeerId> list = new ArrayList<>(set);
        list.sort(null);
        return list;
    }
}
