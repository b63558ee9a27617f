package io.gsnode.formats.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.gsnode.formats.topology.TopologyFixtures;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/** A cell's settings from its records: what is a setting, what is not, and how two cells' settings differ. */
class CellSettingsTest {

    private static final CellIdentity SHADOW = new CellIdentity("c", "shadow", "wholend", "wholend", "tcp", null, "java", "fifo",
            null, 7, 32, 1 << 20, "home", 0, "cold");

    @Test
    void theScheduleCountsFromTheDialInstantSoABackendsEpochIsNotASetting() {
        // Shadow's instants count from the simulation's start, netns's from T0 (here 0): the same schedule.
        SortedMap<String, Object> shadow = CellSettings.of(SHADOW, List.of(record(schedule(1_700_000_000_000L, 12_000, 60_000))));
        SortedMap<String, Object> netns = CellSettings.of(SHADOW, List.of(record(schedule(1_800_000_000_000L, 0, 48_000))));
        assertEquals(48_000, shadow.get("schedule.publish_after_dial_ms"), "as JSON reads it back");
        assertEquals(List.of(), CellSettings.differences(shadow, netns, Set.of()));
        assertEquals(CellSettings.fingerprint(shadow), CellSettings.fingerprint(netns));
    }

    @Test
    void aDifferentGossipSettingIsListedAndChangesTheFingerprint() {
        SortedMap<String, Object> a = CellSettings.of(SHADOW, List.of(record(schedule(0, 0, 10_000))));
        NodeRecord tuned = record(schedule(0, 0, 10_000));
        tuned = withConfig(tuned, Map.of("gossipsub", Map.of("d", 6), "schedule", schedule(0, 0, 10_000)));
        SortedMap<String, Object> b = CellSettings.of(SHADOW, List.of(tuned));
        assertEquals(List.of("gossipsub.d: 8 vs 6"), CellSettings.differences(a, b, Set.of()));
        assertNotEquals(CellSettings.fingerprint(a), CellSettings.fingerprint(b));
        assertEquals(List.of(), CellSettings.differences(a, b, Set.of("gossipsub.")), "a prefix leaves its keys out");
    }

    @Test
    void theCommitIsProvenanceNotASetting() {
        NodeRecord one = withBuild(record(schedule(0, 0, 10_000)), "aaaa");
        NodeRecord other = withBuild(record(schedule(0, 0, 10_000)), "bbbb");
        assertEquals(CellSettings.of(SHADOW, List.of(one)), CellSettings.of(SHADOW, List.of(other)));
        assertEquals(2, CellSettings.builds(List.of(one, other)).size());
    }

    private static Map<String, Object> schedule(long epoch, long dialAt, long publishAt) {
        return Map.of("epoch_ms", epoch, "dial_at_ms", dialAt, "subscribe_at_ms", dialAt + 4000, "publish_at_ms", publishAt,
                "hold_ms", 8000L);
    }

    private static NodeRecord record(Map<String, Object> schedule) {
        NodeRecord r = NodeRecord.lost("c", "shadow", "wholend", "tcp", null, "java", "fifo", null, TopologyFixtures.sixNodes(),
                1 << 20, 0, 0);
        return withConfig(r, Map.of("gossipsub", Map.of("d", 8), "schedule", schedule));
    }

    private static NodeRecord withConfig(NodeRecord r, Map<String, Object> config) {
        return new NodeRecord(r.schema(), r.identity(), r.index(), r.peerId(), r.role(), r.status(), r.completed(), r.completionMs(),
                r.wireForm(), r.bytes(), r.msgs(), r.mesh(), r.connections(), r.cpuMs(), r.rssMaxBytes(), r.pssBytes(), r.threads(),
                r.jitWarmup(), r.warmup(), r.background(), r.cwndAtPublish(), r.times(), r.snapshots(), r.timeline(), r.extras(),
                config, r.build());
    }

    private static NodeRecord withBuild(NodeRecord r, String commit) {
        return new NodeRecord(r.schema(), r.identity(), r.index(), r.peerId(), r.role(), r.status(), r.completed(), r.completionMs(),
                r.wireForm(), r.bytes(), r.msgs(), r.mesh(), r.connections(), r.cpuMs(), r.rssMaxBytes(), r.pssBytes(), r.threads(),
                r.jitWarmup(), r.warmup(), r.background(), r.cwndAtPublish(), r.times(), r.snapshots(), r.timeline(), r.extras(),
                r.config(), new Build(Build.GSNODE, "0.1.0", commit, false, "25"));
    }
}
