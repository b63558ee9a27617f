package io.gsnode.node.peer;

/** The agent version gsnode's nodes announce over identify, the cell's daemon and the interop peer alike. */
public final class AgentVersion {

    public static final String GSNODE = "gsnode/0.1.0";

    private AgentVersion() {}
}
