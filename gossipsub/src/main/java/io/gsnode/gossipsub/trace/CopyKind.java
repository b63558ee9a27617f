package io.gsnode.gossipsub.trace;

/** Why a copy of a message went to a peer: the timelines tell a push from an answer. */
public enum CopyKind {
    /** The forwarding rule pushed it: to the mesh, the fanout, a flood publish, or a phase's push. */
    PUSH,
    /** It answered the peer's IWANT. */
    IWANT;

    /** The name records use. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
