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
