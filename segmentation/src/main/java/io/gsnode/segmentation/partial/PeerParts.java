package io.gsnode.segmentation.partial;

import java.util.BitSet;

/**
 * What we know of one peer for one group (docs/arms.md §8.3): Recvd (its last metadata: what it
 * holds and what it asks us for), Pushed (segments we sent it), Sent (the metadata we last sent
 * it, and when). A peer never heard from holds nothing. Router thread only.
 */
public final class PeerParts {

    /** The count of its last metadata; -1 before any. A later metadata with another count is an error. */
    int count = -1;
    final BitSet available = new BitSet();
    final BitSet requests = new BitSet();
    final BitSet pushed = new BitSet();
    byte[] sent;
    long sentNanos;

    public boolean heardFrom() {
        return count >= 0;
    }

    public BitSet available() {
        return (BitSet) available.clone();
    }

    public BitSet requests() {
        return (BitSet) requests.clone();
    }

    public BitSet pushed() {
        return (BitSet) pushed.clone();
    }

    /** Records that {@code index} reached the peer (we sent it, or it sent it to us): it holds it, and no longer asks. */
    void holds(int index) {
        available.set(index);
        requests.clear(index);
    }
}
