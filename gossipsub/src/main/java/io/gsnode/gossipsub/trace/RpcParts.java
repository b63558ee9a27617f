package io.gsnode.gossipsub.trace;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import java.util.List;

/**
 * What one RPC carried, split the way the node record counts it: data bytes are the publish
 * entries, control bytes the control part plus subscriptions, partial bytes the extension part
 * (each including its protobuf tag and length). {@code frameBytes} adds the uvarint prefix.
 * {@code messages} are the RPC's publish entries themselves (not a copy), for a tracer that splits
 * data bytes by topic ({@link RpcEncoder#publishEntrySize} gives each entry's share).
 */
public record RpcParts(int frameBytes, int dataBytes, int controlBytes, int partialBytes,
                       int publish, int ihaveIds, int iwantIds, int idontwantIds, int grafts, int prunes,
                       List<PubMessage> messages) {

    public static RpcParts of(Rpc rpc, int frameBytes) {
        int data = 0;
        for (var m : rpc.publish()) data += RpcEncoder.publishEntrySize(m);
        int control = RpcEncoder.subscriptionsSize(rpc.subscriptions());
        int ihave = 0, iwant = 0, idontwant = 0, grafts = 0, prunes = 0;
        ControlMessage c = rpc.control();
        if (c != null && !c.isEmpty()) {
            control += RpcEncoder.controlEntrySize(c);
            for (var h : c.ihave()) ihave += h.messageIds().size();
            for (var w : c.iwant()) iwant += w.messageIds().size();
            for (var d : c.idontwant()) idontwant += d.messageIds().size();
            grafts = c.graft().size();
            prunes = c.prune().size();
        }
        int partial = rpc.partial() == null ? 0 : RpcEncoder.partialEntrySize(rpc.partial());
        return new RpcParts(frameBytes, data, control, partial, rpc.publish().size(), ihave, iwant, idontwant,
                grafts, prunes, rpc.publish());
    }
}
