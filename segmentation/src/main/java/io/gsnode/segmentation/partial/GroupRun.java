package io.gsnode.segmentation.partial;

import io.gsnode.segmentation.codec.SegmentDescriptor;
import io.gsnode.libp2p.peer.PeerId;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;

/**
 * The broadcaster's view of one group: its width (announced by a peer's metadata until a verified
 * descriptor fixes it), the store of verified segments, the claim ledger, and where completion
 * stands. Router thread only, except {@link #completed}.
 */
final class GroupRun {

    final byte[] groupId;
    int count = -1;
    int required = -1;
    GroupStore store;
    ClaimLedger ledger;
    /** Peers any pass of this group has had in its state map (the retry loop's late-mesh check). */
    final Set<PeerId> reached = new HashSet<>();
    boolean passPending;
    boolean assembling;
    volatile boolean completed;

    GroupRun(byte[] groupId) {
        this.groupId = groupId;
    }

    boolean known() {
        return count > 0;
    }

    /** A peer's metadata told us the width; used only until a descriptor arrives. */
    void announced(int count, int required) {
        if (store == null && this.count < 0) {
            this.count = count;
            this.required = required;
        }
    }

    /** The first verified segment fixed the descriptor. */
    void described(SegmentDescriptor d) {
        if (ledger != null && (d.required() != required || d.count() != count)) ledger = null; // a wrong announcement
        store = new GroupStore(d);
        count = d.count();
        required = d.required();
    }

    BitSet held() {
        return store == null ? new BitSet() : store.held();
    }

    boolean holdsEnough() {
        return store != null && store.complete();
    }

    boolean coded() {
        return required < count;
    }
}
