package io.gsnode.gossipsub;

import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.peer.PeerId;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/** What the router knows about one connected peer. Router thread only, except the queue. */
final class PeerState {

    final PeerId id;
    final Connection connection;
    final OutboundQueue queue;
    /** Null until our outbound stream settled on a protocol; until then the peer is not meshed. */
    MeshsubVersion version;
    Stream inbound;
    final Set<String> topics = new HashSet<>();
    /** IDONTWANT ids from this peer, by {@link MessageId#checksum()}, with the heartbeat tick at which each expires. */
    private final Map<MessageId, Long> dontWant = new HashMap<>();
    int ihaveRpcs;
    int iwantIdsAsked;
    int idontwantRpcs;
    boolean extensionsReceived;
    boolean partialMessages;
    /** Topics on which the peer asked for partial messages, and those on which it can send them (v1.3). */
    final Set<String> requestsPartial = new HashSet<>();
    final Set<String> supportsPartial = new HashSet<>();

    PeerState(Connection connection, int queueCapacity, LongSupplier clock, RouterTracer tracer) {
        this.id = connection.remotePeer();
        this.connection = connection;
        this.queue = new OutboundQueue(queueCapacity, clock, (waited, backlog) -> tracer.frameWritten(id, waited, backlog));
    }

    /** Whether we dialed this peer (an outbound connection, counted by Dout). */
    boolean outbound() {
        return connection.direction() == Direction.OUTBOUND;
    }

    boolean ready() {
        return version != null;
    }

    boolean dontWant(MessageId id) {
        return !dontWant.isEmpty() && dontWant.containsKey(id.checksum());
    }

    void addDontWant(MessageId id, long expiresAtTick) {
        dontWant.put(id.checksum(), expiresAtTick);
    }

    /** Resets the per-heartbeat counters and forgets expired IDONTWANTs. */
    void onHeartbeat(long tick) {
        ihaveRpcs = 0;
        iwantIdsAsked = 0;
        idontwantRpcs = 0;
        for (Iterator<Long> it = dontWant.values().iterator(); it.hasNext(); ) {
            if (it.next() <= tick) it.remove();
        }
    }
}
