package io.gsnode.segmentation.partial;

import io.gsnode.libp2p.peer.PeerId;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a group's descriptor is one we should reassemble (docs/arms.md §4, §8.5-8.6): its group
 * id must be among the committed ones (the harness commits exactly the cell's group ids), and a
 * peer may make us try at most 8 new groups, refilled at one per second, so a peer inventing
 * groups costs us bounded work.
 */
public final class DescriptorAuthenticator {

    public static final int ATTEMPTS = 8;
    private static final long REFILL_NANOS = 1_000_000_000L;

    private final Set<ByteBuffer> committed = new HashSet<>();
    private final Map<PeerId, Bucket> buckets = new HashMap<>();

    private static final class Bucket {
        double tokens = ATTEMPTS;
        long at;
    }

    public DescriptorAuthenticator(List<byte[]> committedGroupIds) {
        for (byte[] id : committedGroupIds) committed.add(ByteBuffer.wrap(id.clone()));
    }

    /** Spends one of {@code peer}'s attempts on a group new to us; false when it has none left. */
    public boolean attempt(PeerId peer, long now) {
        Bucket b = buckets.get(peer);
        if (b == null) {
            b = new Bucket();
            b.at = now;
            buckets.put(peer, b);
        }
        b.tokens = Math.min(ATTEMPTS, b.tokens + (double) (now - b.at) / REFILL_NANOS);
        b.at = now;
        if (b.tokens < 1) return false;
        b.tokens -= 1;
        return true;
    }

    public boolean committed(byte[] groupId) {
        return committed.contains(ByteBuffer.wrap(groupId));
    }
}
