package io.gsnode.gossipsub.rpc;

import java.util.List;

/** The control part of an RPC. Message ids are bytes (go sends arbitrary binary ids as "strings"). */
public record ControlMessage(List<IHave> ihave, List<IWant> iwant, List<String> graft, List<Prune> prune,
                             List<IDontWant> idontwant, Extensions extensions) {

    public ControlMessage {
        ihave = List.copyOf(ihave);
        iwant = List.copyOf(iwant);
        graft = List.copyOf(graft);
        prune = List.copyOf(prune);
        idontwant = List.copyOf(idontwant);
    }

    public static final ControlMessage EMPTY =
            new ControlMessage(List.of(), List.of(), List.of(), List.of(), List.of(), null);

    // Factories: a control message almost always carries one kind of entry, and six positional
    // lists made it easy to put ids in the wrong one.

    public static ControlMessage ihave(List<IHave> ihaves) {
        return new ControlMessage(ihaves, List.of(), List.of(), List.of(), List.of(), null);
    }

    public static ControlMessage ihave(String topic, List<byte[]> ids) {
        return ihave(List.of(new IHave(topic, ids)));
    }

    public static ControlMessage iwant(List<byte[]> ids) {
        return new ControlMessage(List.of(), List.of(new IWant(ids)), List.of(), List.of(), List.of(), null);
    }

    public static ControlMessage graft(String... topics) {
        return new ControlMessage(List.of(), List.of(), List.of(topics), List.of(), List.of(), null);
    }

    public static ControlMessage prune(List<Prune> prunes) {
        return new ControlMessage(List.of(), List.of(), List.of(), prunes, List.of(), null);
    }

    public static ControlMessage prune(String topic, Long backoffSeconds) {
        return prune(List.of(new Prune(topic, List.of(), backoffSeconds)));
    }

    public static ControlMessage idontwant(List<byte[]> ids) {
        return new ControlMessage(List.of(), List.of(), List.of(), List.of(), List.of(new IDontWant(ids)), null);
    }

    public static ControlMessage extensions(Extensions extensions) {
        return new ControlMessage(List.of(), List.of(), List.of(), List.of(), List.of(), extensions);
    }

    /** What one heartbeat owes a peer, sent as a single RPC. */
    public static ControlMessage heartbeat(List<IHave> ihaves, List<String> grafts, List<Prune> prunes) {
        return new ControlMessage(ihaves, List.of(), grafts, prunes, List.of(), null);
    }

    public boolean isEmpty() {
        return ihave.isEmpty() && iwant.isEmpty() && graft.isEmpty() && prune.isEmpty()
                && idontwant.isEmpty() && extensions == null;
    }

    public record IHave(String topic, List<byte[]> messageIds) {
        public IHave {
            messageIds = List.copyOf(messageIds);
        }
    }

    public record IWant(List<byte[]> messageIds) {
        public IWant {
            messageIds = List.copyOf(messageIds);
        }
    }

    /** {@code backoffSeconds} is null when the field is absent (v1.0 peers, or no backoff given). */
    public record Prune(String topic, List<PeerInfo> peers, Long backoffSeconds) {
        public Prune {
            peers = List.copyOf(peers);
        }
    }

    public record PeerInfo(byte[] peerId, byte[] signedPeerRecord) {}

    public record IDontWant(List<byte[]> messageIds) {
        public IDontWant {
            messageIds = List.copyOf(messageIds);
        }
    }

    /** v1.3: what the sender supports; sent once, in the first RPC of its outbound stream. */
    public record Extensions(boolean partialMessages) {}
}
