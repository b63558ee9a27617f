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

    /**
     * Control entries (IHAVE, IWANT, GRAFT, PRUNE, IDONTWANT) and the message ids in them that one
     * RPC may carry, all counted together: 13 times go's default max_ihave_length. Each costs two
     * or three wire bytes and a Java object of 16 bytes or more, so a 1 MiB IHAVE of empty ids
     * decoded to 12 MiB of heap; an RPC with more is malformed.
     */
    public static final int MAX_CONTROL_ITEMS = 65_536;
    private static final byte[] EMPTY_ID = new byte[0];

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
        ControlParts control = null;
        PartialMessage partial = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> subs.add(subOpts(new ProtoReader(r.readBytes())));
                case 2 -> publish.add(message(new ProtoReader(r.readBytes())));
                case 3 -> {
                    // Protobuf merges repeated occurrences of an embedded message. Into one set of
                    // lists: merging whole messages copies them each time, quadratic in a frame of
                    // n empty control fields (4 bytes each).
                    if (control == null) control = new ControlParts();
                    control.read(new ProtoReader(r.readBytes()));
                }
                case 10 -> partial = partial(new ProtoReader(r.readBytes()));
                default -> r.skip();
            }
        }
        return new Rpc(subs, publish, control == null ? null : control.build(), partial);
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

    /** The control fields of one RPC, however many times the field occurs. */
    private static final class ControlParts {
        private final List<IHave> ihave = new ArrayList<>();
        private final List<IWant> iwant = new ArrayList<>();
        private final List<String> graft = new ArrayList<>();
        private final List<Prune> prune = new ArrayList<>();
        private final List<IDontWant> idontwant = new ArrayList<>();
        private Extensions extensions;
        private int items;

        void read(ProtoReader r) {
            while (r.next()) {
                if (r.field() >= 1 && r.field() <= 5) count();
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
        }

        ControlMessage build() {
            return new ControlMessage(ihave, iwant, graft, prune, idontwant, extensions);
        }

        private IHave ihave(ProtoReader r) {
            String topic = "";
            List<byte[]> ids = new ArrayList<>();
            while (r.next()) {
                switch (r.field()) {
                    case 1 -> topic = r.readString();
                    case 2 -> ids.add(id(r));
                    default -> r.skip();
                }
            }
            return new IHave(topic, ids);
        }

        private List<byte[]> ids(ProtoReader r, int field) {
            List<byte[]> ids = new ArrayList<>();
            while (r.next()) {
                if (r.field() == field) ids.add(id(r));
                else r.skip();
            }
            return ids;
        }

        /** One more message id of this RPC; every empty one is the same array. */
        private byte[] id(ProtoReader r) {
            count();
            byte[] id = r.readBytes();
            return id.length == 0 ? EMPTY_ID : id;
        }

        private void count() {
            if (++items > MAX_CONTROL_ITEMS) {
                throw new MalformedRpcException("more than " + MAX_CONTROL_ITEMS + " control entries and message ids in one RPC");
            }
        }
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
