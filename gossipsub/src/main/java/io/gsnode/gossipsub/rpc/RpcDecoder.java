package io.gsnode.gossipsub.rpc;

import io.gsnode.gossipsub.rpc.ControlMessage.Extensions;
import io.gsnode.gossipsub.rpc.ControlMessage.IDontWant;
import io.gsnode.gossipsub.rpc.ControlMessage.IHave;
import io.gsnode.gossipsub.rpc.ControlMessage.IWant;
import io.gsnode.gossipsub.rpc.ControlMessage.PeerInfo;
import io.gsnode.gossipsub.rpc.ControlMessage.Prune;
import io.gsnode.libp2p.protobuf.MalformedProtobufException;
import io.gsnode.libp2p.protobuf.ProtoReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes one RPC frame (docs/wire.md §7.3). Unknown fields are skipped, as protobuf requires;
 * anything that does not parse throws {@link MalformedRpcException}. The frame length was already
 * bounded by the reader, so nothing here allocates more than the frame holds.
 */
public final class RpcDecoder {

    private RpcDecoder() {}

    public static Rpc decode(byte[] frame) {
        try {
            return rpc(new ProtoReader(frame));
        } catch (MalformedProtobufException e) {
            throw new MalformedRpcException("undecodable RPC: " + e.getMessage(), e);
        }
    }

    private static Rpc rpc(ProtoReader r) {
        List<SubOpts> subs = new ArrayList<>();
        List<PubMessage> publish = new ArrayList<>();
        ControlMessage control = null;
        PartialMessage partial = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> subs.add(subOpts(new ProtoReader(r.readBytes())));
                case 2 -> publish.add(message(new ProtoReader(r.readBytes())));
                case 3 -> control = merge(control, control(new ProtoReader(r.readBytes())));
                case 10 -> partial = partial(new ProtoReader(r.readBytes()));
                default -> r.skip();
            }
        }
        return new Rpc(subs, publish, control, partial);
    }

    /** Protobuf merges repeated occurrences of an embedded message; so do we. */
    private static ControlMessage merge(ControlMessage a, ControlMessage b) {
        if (a == null) return b;
        return new ControlMessage(concat(a.ihave(), b.ihave()), concat(a.iwant(), b.iwant()),
                concat(a.graft(), b.graft()), concat(a.prune(), b.prune()),
                concat(a.idontwant(), b.idontwant()), b.extensions() != null ? b.extensions() : a.extensions());
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static SubOpts subOpts(ProtoReader r) {
        boolean subscribe = false;
        boolean requests = false;
        boolean supports = false;
        String topic = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> subscribe = r.readVarint() != 0;
                case 2 -> topic = r.readString();
                case 3 -> requests = r.readVarint() != 0;
                case 4 -> supports = r.readVarint() != 0;
                default -> r.skip();
            }
        }
        if (topic == null) {
            throw new MalformedRpcException("subscription without a topic");
        }
        return new SubOpts(subscribe, topic, requests, supports);
    }

    private static PubMessage message(ProtoReader r) {
        byte[] from = null, data = null, seqno = null, signature = null, key = null;
        String topic = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> from = r.readBytes();
                case 2 -> data = r.readBytes();
                case 3 -> seqno = r.readBytes();
                case 4 -> topic = r.readString();
                case 5 -> signature = r.readBytes();
                case 6 -> key = r.readBytes();
                default -> r.skip();
            }
        }
        if (topic == null) {
            throw new MalformedRpcException("published message without a topic");
        }
        return new PubMessage(from, data == null ? new byte[0] : data, seqno, topic, signature, key);
    }

    private static ControlMessage control(ProtoReader r) {
        List<IHave> ihave = new ArrayList<>();
        List<IWant> iwant = new ArrayList<>();
        List<String> graft = new ArrayList<>();
        List<Prune> prune = new ArrayList<>();
        List<IDontWant> idontwant = new ArrayList<>();
        Extensions extensions = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> ihave.add(ihave(new ProtoReader(r.readBytes())));
                case 2 -> iwant.add(new IWant(ids(new ProtoReader(r.readBytes()), 1)));
                case 3 -> graft.add(topicOnly(new ProtoReader(r.readBytes()), "GRAFT"));
                case 4 -> prune.add(prune(new ProtoReader(r.readBytes())));
                case 5 -> idontwant.add(new IDontWant(ids(new ProtoReader(r.readBytes()), 1)));
                case 6 -> extensions = extensions(new ProtoReader(r.readBytes()));
                default -> r.skip();
            }
        }
        return new ControlMessage(ihave, iwant, graft, prune, idontwant, extensions);
    }

    private static IHave ihave(ProtoReader r) {
        String topic = "";
        List<byte[]> ids = new ArrayList<>();
        while (r.next()) {
            switch (r.field()) {
                case 1 -> topic = r.readString();
                case 2 -> ids.add(r.readBytes());
                default -> r.skip();
            }
        }
        return new IHave(topic, ids);
    }

    private static List<byte[]> ids(ProtoReader r, int field) {
        List<byte[]> ids = new ArrayList<>();
        while (r.next()) {
            if (r.field() == field) ids.add(r.readBytes());
            else r.skip();
        }
        return ids;
    }

    private static String topicOnly(ProtoReader r, String what) {
        String topic = null;
        while (r.next()) {
            if (r.field() == 1) topic = r.readString();
            else r.skip();
        }
        if (topic == null) {
            throw new MalformedRpcException(what + " without a topic");
        }
        return topic;
    }

    private static Prune prune(ProtoReader r) {
        String topic = null;
        List<PeerInfo> peers = new ArrayList<>();
        Long backoff = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> topic = r.readString();
                case 2 -> peers.add(peerInfo(new ProtoReader(r.readBytes())));
                case 3 -> backoff = r.readVarint();
                default -> r.skip();
            }
        }
        if (topic == null) {
            throw new MalformedRpcException("PRUNE without a topic");
        }
        return new Prune(topic, peers, backoff);
    }

    private static PeerInfo peerInfo(ProtoReader r) {
        byte[] id = null, record = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> id = r.readBytes();
                case 2 -> record = r.readBytes();
                default -> r.skip();
            }
        }
        return new PeerInfo(id, record);
    }

    private static Extensions extensions(ProtoReader r) {
        boolean partial = false;
        while (r.next()) {
            if (r.field() == 10) partial = r.readVarint() != 0;
            else r.skip();
        }
        return new Extensions(partial);
    }

    private static PartialMessage partial(ProtoReader r) {
        String topic = null;
        byte[] group = null, message = null, metadata = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> topic = r.readString();
                case 2 -> group = r.readBytes();
                case 3 -> message = r.readBytes();
                case 4 -> metadata = r.readBytes();
                default -> r.skip();
            }
        }
        return new PartialMessage(topic, group, message, metadata);
    }
}
