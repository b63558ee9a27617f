package io.gsnode.segmentation.partial;

import io.gsnode.gossipsub.partial.PartialRpcException;
import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.segmentation.codec.SegmentException;
import io.gsnode.segmentation.codec.SegmentMessage;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The first half of receiving (docs/arms.md §8.6), on the router thread: parse the parts metadata
 * strictly and store it as the sender's Recvd (a count that changes for a known peer is an error,
 * counted), decode the segments and require each one's descriptor-derived group id to equal the
 * RPC's, and mark the sender as holding them. Proof verification and storing are the
 * broadcaster's next step.
 */
final class PartialReceiver {

    /** One decoded segment with its wire encoding (kept for serving). */
    record Segment(SegmentMessage message, byte[] encoding) {}

    /** What one RPC carried: metadata (or null) and segments (maybe none). */
    record Received(PartsMetadata metadata, List<Segment> segments) {}

    private final BroadcastCounters counters;

    PartialReceiver(BroadcastCounters counters) {
        this.counters = counters;
    }

    Received receive(PeerParts sender, PartialMessage rpc) throws PartialRpcException {
        PartsMetadata metadata = null;
        if (rpc.partsMetadata() != null) {
            try {
                metadata = PartsMetadata.decode(rpc.partsMetadata());
            } catch (PartialFormatException e) {
                counters.metadataErrors.increment();
                throw new PartialRpcException("parts metadata: " + e.getMessage());
            }
            if (sender.heardFrom() && sender.count != metadata.count()) {
                counters.metadataErrors.increment();
                counters.metadataCountChanges.increment();
                throw new PartialRpcException("parts metadata count changed from " + sender.count + " to " + metadata.count());
            }
        }
        List<Segment> segments = new ArrayList<>();
        if (rpc.partialMessage() != null) {
            try {
                // Each segment is checked before the next is decompressed. The group id derives from
                // the descriptor, so a segment of the RPC's group carries its true count, and distinct
                // indices below it bound what one RPC can make us decompress to one group's worth.
                BitSet indices = new BitSet();
                PartialMessageCodec.decode(rpc.partialMessage(), (i, encoding) -> {
                    SegmentMessage m;
                    try {
                        m = SegmentMessage.decode(encoding);
                    } catch (SegmentException e) {
                        throw new PartialFormatException("segment: " + e.getMessage());
                    }
                    if (!MessageDigest.isEqual(m.descriptor().groupId(), rpc.groupId())) {
                        throw new PartialFormatException("segment of another group than the RPC's");
                    }
                    if (Integer.toUnsignedLong(m.index()) >= m.descriptor().count()) {
                        throw new PartialFormatException("segment index " + Integer.toUnsignedString(m.index()) + " out of range");
                    }
                    if (indices.get(m.index())) throw new PartialFormatException("segment " + m.index() + " twice in one RPC");
                    indices.set(m.index());
                    segments.add(new Segment(m, encoding));
                });
            } catch (PartialFormatException e) {
                counters.invalidSegments.increment();
                throw new PartialRpcException("partial message: " + e.getMessage());
            }
        }
        // Only a well-formed RPC changes what we believe of the sender.
        if (metadata != null) {
            sender.count = metadata.count();
            sender.available.clear();
            sender.available.or(metadata.available());
            sender.requests.clear();
            sender.requests.or(metadata.requests());
        }
        for (Segment s : segments) sender.holds(s.message().index());
        return new Received(metadata, segments);
    }
}
