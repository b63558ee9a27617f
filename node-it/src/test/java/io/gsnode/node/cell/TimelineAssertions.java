package io.gsnode.node.cell;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.NodeRecord;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What every completed cell's timelines must say (docs/records.md §1.5), whichever implementation
 * wrote them: the publisher's copies went to nodes of the cell and were queued, handed to the
 * stream and taken in that order; every receiver's first copy came from a node of the cell, no
 * later than its completion; heartbeats run forward around the publish.
 */
final class TimelineAssertions {

    private TimelineAssertions() {}

    static void assertTimelinesJoin(List<NodeRecord> records) {
        Set<String> peers = new HashSet<>();
        for (NodeRecord r : records) peers.add(r.peerId());
        for (NodeRecord r : records) {
            String node = "node " + r.index() + " (" + r.identity().impl() + ")";
            NodeRecord.Timeline t = r.timeline();
            assertNotNull(t, node + " has a timeline");
            assertFalse(t.truncated(), node);
            assertFalse(t.heartbeatsMs().isEmpty(), node + " heartbeats");
            for (int i = 1; i < t.heartbeatsMs().size(); i++) {
                assertTrue(t.heartbeatsMs().get(i) > t.heartbeatsMs().get(i - 1), node + " heartbeats in order " + t.heartbeatsMs());
            }
            assertTrue(t.heartbeatsMs().get(0) >= -3000 && t.heartbeatsMs().get(t.heartbeatsMs().size() - 1) > 0,
                    node + " heartbeats from 3 s before the publish on " + t.heartbeatsMs());
            for (NodeRecord.Timeline.Copy c : t.copies()) {
                assertTrue(peers.contains(c.to()), node + " copy to a node of the cell: " + c);
                assertTrue(c.kind().equals("push") || c.kind().equals("iwant"), node + " " + c);
                assertTrue(0 <= c.queuedMs() && c.queuedMs() <= c.startMs() && c.startMs() <= c.doneMs(), node + " " + c);
            }
            if (!r.receiver()) {
                assertTrue(t.copies().stream().anyMatch(c -> c.kind().equals("push")), node + " pushed the message: " + t.copies());
                continue;
            }
            assertFalse(t.firstCopies().isEmpty(), node + " got a first copy");
            for (NodeRecord.Timeline.FirstCopy f : t.firstCopies()) {
                assertTrue(peers.contains(f.from()), node + " first copy from a node of the cell: " + f);
                assertTrue(f.atMs() >= 0 && f.atMs() <= r.completionMs() + 0.01, node + " first copy " + f + " by completion at "
                        + r.completionMs());
            }
        }
    }
}
