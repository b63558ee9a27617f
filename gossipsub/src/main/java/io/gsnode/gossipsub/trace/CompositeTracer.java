package io.gsnode.gossipsub.trace;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;

/** Calls each tracer in turn. */
final class CompositeTracer implements RouterTracer {

    private final RouterTracer[] tracers;

    CompositeTracer(RouterTracer[] tracers) {
        this.tracers = tracers.clone();
    }

    @Override public void rpcSent(PeerId to, RpcParts parts) { for (var t : tracers) t.rpcSent(to, parts); }
    @Override public void rpcReceived(PeerId from, RpcParts parts) { for (var t : tracers) t.rpcReceived(from, parts); }
    @Override public void arrived(PeerId from, MessageId id, String topic, long nanos) { for (var t : tracers) t.arrived(from, id, topic, nanos); }
    @Override public void delivered(PeerId from, MessageId id, String topic, int n) { for (var t : tracers) t.delivered(from, id, topic, n); }
    @Override public void duplicate(PeerId from, MessageId id, String topic) { for (var t : tracers) t.duplicate(from, id, topic); }
    @Override public void rejected(PeerId from, String reason) { for (var t : tracers) t.rejected(from, reason); }
    @Override public void malformed(PeerId from, String reason) { for (var t : tracers) t.malformed(from, reason); }
    @Override public void queueDropped(PeerId to) { for (var t : tracers) t.queueDropped(to); }
    @Override public void suppressedByIDontWant(PeerId to, MessageId id) { for (var t : tracers) t.suppressedByIDontWant(to, id); }
    @Override public void iwantServed(PeerId to, MessageId id) { for (var t : tracers) t.iwantServed(to, id); }
    @Override public void brokenPromise(PeerId peer, MessageId id) { for (var t : tracers) t.brokenPromise(peer, id); }
    @Override public void taskLag(long nanos) { for (var t : tracers) t.taskLag(nanos); }
    @Override public void inboundQueued(long nanos) { for (var t : tracers) t.inboundQueued(nanos); }
    @Override public void frameWritten(PeerId to, long nanos, long backlog) { for (var t : tracers) t.frameWritten(to, nanos, backlog); }
    @Override public void iwantAnswered(PeerId to, long nanos) { for (var t : tracers) t.iwantAnswered(to, nanos); }
    @Override public void copyWritten(PeerId to, MessageId id, String topic, CopyKind kind, long queued, long start, long done) {
        for (var t : tracers) t.copyWritten(to, id, topic, kind, queued, start, done);
    }
    @Override public void heartbeat(long nanos) { for (var t : tracers) t.heartbeat(nanos); }
    @Override public void meshAdded(String topic, PeerId peer) { for (var t : tracers) t.meshAdded(topic, peer); }
    @Override public void meshRemoved(String topic, PeerId peer) { for (var t : tracers) t.meshRemoved(topic, peer); }
}
