package io.gsnode.gossipsub;

import java.util.List;

/** The gossipsub protocol versions we speak, newest first; behaviour per peer follows the negotiated one. */
public enum MeshsubVersion {
    V1_3("/meshsub/1.3.0"),
    V1_2("/meshsub/1.2.0"),
    V1_1("/meshsub/1.1.0"),
    V1_0("/meshsub/1.0.0");

    private final String protocolId;

    MeshsubVersion(String protocolId) {
        this.protocolId = protocolId;
    }

    public String protocolId() {
        return protocolId;
    }

    /** v1.1 added backoff in PRUNE (and PX, which we never send). */
    public boolean hasPruneBackoff() {
        return compareTo(V1_1) <= 0;
    }

    public boolean hasIDontWant() {
        return compareTo(V1_2) <= 0;
    }

    public boolean hasExtensions() {
        return this == V1_3;
    }

    public static MeshsubVersion of(String protocolId) {
        for (MeshsubVersion v : values()) {
            if (v.protocolId.equals(protocolId)) return v;
        }
        throw new IllegalArgumentException("not a meshsub protocol: " + protocolId);
    }

    /** Protocol ids in the order an initiator proposes them: highest first. */
    public static List<String> proposalOrder() {
        return List.of(V1_3.protocolId, V1_2.protocolId, V1_1.protocolId, V1_0.protocolId);
    }
}
