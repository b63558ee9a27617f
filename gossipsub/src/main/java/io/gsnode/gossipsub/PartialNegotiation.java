package io.gsnode.gossipsub;

import io.gsnode.gossipsub.partial.PartialExtension;
import io.gsnode.gossipsub.partial.PartialRouterServices;
import io.gsnode.gossipsub.rpc.ControlMessage.Extensions;
import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.SubOpts;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The v1.3 partial-messages extension as the router sees it: what we advertise, what each peer
 * advertised in its extensions and subscriptions, and which of us sends whom full or partial
 * messages on a topic. Loop thread only, except the extension's {@code execute}.
 */
final class PartialNegotiation {

    private final RouterState s;
    private final PartialExtension extension;

    PartialNegotiation(RouterState s, PartialExtension extension) {
        this.s = s;
        this.extension = extension;
    }

    boolean advertises() {
        return s.config.partialMessages() || extension.advertisesPartialMessages();
    }

    /** The extensions control for the first RPC on a stream, or null when the version has none. */
    ControlMessage hello(PeerState p) {
        return p.version.hasExtensions() ? ControlMessage.extensions(new Extensions(advertises())) : null;
    }

    /** The extensions control a peer sent; only its first counts. */
    void onExtensions(PeerState p, Extensions ext) {
        if (p.extensionsReceived) {
            s.reject(p.id, RejectReason.REPEATED_EXTENSIONS);
            return;
        }
        p.extensionsReceived = true;
        p.partialMessages = ext.partialMessages();
        extension.onPeerExtensions(p.id, p.partialMessages);
    }

    /** A partial RPC goes to the extension only when both sides advertised it (go drops it otherwise). */
    void onPartial(PeerState p, PartialMessage partial) {
        if (!advertises() || !p.partialMessages) {
            s.reject(p.id, RejectReason.PARTIAL_WITHOUT_EXTENSION);
            return;
        }
        extension.onPartial(p.id, partial);
    }

    /** go: requesting implies supporting; the flags are replaced by each subscription. */
    void onSubscription(PeerState p, SubOpts sub) {
        if (sub.subscribe() && sub.requestsPartial()) p.requestsPartial.add(sub.topic());
        else p.requestsPartial.remove(sub.topic());
        if (sub.subscribe() && (sub.requestsPartial() || sub.supportsSendingPartial())) p.supportsPartial.add(sub.topic());
        else p.supportsPartial.remove(sub.topic());
    }

    SubOpts subscription(String topic) {
        TopicOptions o = s.options(topic);
        return new SubOpts(true, topic, o.requestsPartial(), o.supportsSendingPartial());
    }

    boolean iRequestPartial(String topic) {
        return s.options(topic).requestsPartial();
    }

    boolean iSupportSendingPartial(String topic) {
        return s.options(topic).supportsSendingPartial();
    }

    /** go: {@code peerRequestsPartial}: only meaningful when we run the extension. */
    boolean peerRequestsPartial(PeerState p, String topic) {
        return advertises() && p.requestsPartial.contains(topic);
    }

    boolean peerSupportsSendingPartial(PeerState p, String topic) {
        return advertises() && p.supportsPartial.contains(topic);
    }

    /** A peer that asked for partial messages on a topic we can serve partially gets no full messages there (go: {@code rpcs}). */
    boolean wantsPartialOnly(PeerState p, String topic) {
        return iSupportSendingPartial(topic) && peerRequestsPartial(p, topic);
    }

    /** What the v1.3 extension may ask of the router (go: {@code partialMessageRouter}). */
    PartialRouterServices services(PeerId localPeer) {
        return new PartialRouterServices() {
            @Override
            public void sendPartial(PeerId peer, PartialMessage rpc) {
                PeerState p = s.peers.get(peer);
                if (p != null && p.ready()) s.send(p, new Rpc(List.of(), List.of(), null, rpc));
            }

            @Override
            public List<PeerId> partialMeshPeers(String topic) {
                Set<PeerId> pool = s.mesh.get(topic);
                if (pool == null || pool.isEmpty()) pool = s.fanout.getOrDefault(topic, Set.of());
                List<PeerId> out = new ArrayList<>();
                for (PeerId peer : pool) {
                    PeerState p = s.peers.get(peer);
                    if (p == null || !p.ready() || !p.partialMessages) continue;
                    if ((iRequestPartial(topic) && peerSupportsSendingPartial(p, topic))
                            || (iSupportSendingPartial(topic) && PartialNegotiation.this.peerRequestsPartial(p, topic))) {
                        out.add(peer);
                    }
                }
                out.sort(null);
                return out;
            }

            @Override
            public boolean peerRequestsPartial(PeerId peer, String topic) {
                PeerState p = s.peers.get(peer);
                return p != null && PartialNegotiation.this.peerRequestsPartial(p, topic);
            }

            @Override
            public boolean partialEnabled(String topic) {
                return s.options(topic).partialEnabled();
            }

            @Override
            public long nanoTime() {
                return s.now();
            }

            @Override
            public void schedule(Duration delay, Runnable task) {
                s.loop.schedule(delay, task);
            }

            @Override
            public void execute(Runnable task) {
                s.loop.run(task);
            }

            @Override
            public PeerId localPeer() {
                return localPeer;
            }
        };
    }
}
