package io.gsnode.harness;

/**
 * What one peer is known to hold of one partial-message group, and what we told it we hold (go's
 * node: {@code peerState}). Router thread only.
 */
final class HarnessPeerState {
    /** Whether the peer has sent its parts metadata at least once. */
    boolean heardMetadata;
    /** Parts the peer holds, as far as we know. */
    int theirParts;
    /** Whether we have sent our parts metadata at least once. */
    boolean toldMetadata;
    /** Parts the peer knows we hold. */
    int toldParts;
}
