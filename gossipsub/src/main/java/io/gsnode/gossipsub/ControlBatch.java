package io.gsnode.gossipsub;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.ControlMessage.IHave;
import io.gsnode.gossipsub.rpc.ControlMessage.Prune;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.libp2p.peer.PeerId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Control a heartbeat decides on (GRAFT, PRUNE, IHAVE), held until its end so each peer gets one
 * RPC per heartbeat rather than one per decision. Loop thread only.
 */
final class ControlBatch {

    private static final class Pending {
        final List<String> grafts = new ArrayList<>();
        final List<Prune> prunes = new ArrayList<>();
        final List<IHave> ihaves = new ArrayList<>();
    }

    private final Map<PeerId, Pending> pending = new LinkedHashMap<>();

    void graft(PeerId peer, String topic) {
        of(peer).grafts.add(topic);
    }

    void prune(PeerId peer, Prune prune) {
        of(peer).prunes.add(prune);
    }

    void ihave(PeerId peer, IHave ihave) {
        of(peer).ihaves.add(ihave);
    }

    /** The peer is gone: what it was owed is dropped. */
    void forget(PeerId peer) {
        pending.remove(peer);
    }

    void flush(RouterState s) {
        for (var e : pending.entrySet()) {
            PeerState p = s.peers.get(e.getKey());
            if (p == null) continue;
            Pending c = e.getValue();
            s.send(p, Rpc.ofControl(ControlMessage.heartbeat(c.ihaves, c.grafts, c.prunes)));
        }
        pending.clear();
    }

    private Pending of(PeerId peer) {
        return pending.computeIfAbsent(peer, k -> new Pending());
    }
}
