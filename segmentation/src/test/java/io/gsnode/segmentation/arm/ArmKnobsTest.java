package io.gsnode.segmentation.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.GossipConfig;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Knob parsing: defaults as the reference's, strict mode, and a clear error for every bad knob or combination. */
class ArmKnobsTest {

    @Test
    void strictModeRefusesASegmentedArmWithoutAUnit() {
        InvalidKnobException e = assertThrows(InvalidKnobException.class,
                () -> ArmKnobs.parse(Map.of("SEGMENT_STRICT", "1", "SEGMENT_ARMS", "phase")));
        assertEquals("SEGMENT_STRICT: SEGMENT_SIZE_BYTES (or SEGMENT_FIXED_COUNT) must be set; "
                + "the unit is part of the arm, not a default", e.getMessage());
    }

    @Test
    void outsideStrictModeTheUnitDefaultsToTheResearchTrees32KiB() {
        ArmKnobs k = ArmKnobs.parse(Map.of("SEGMENT_ARMS", "segmented"));
        assertEquals(32768, k.encoding().segmentSizeBytes());
        assertFalse(k.strict());
    }

    @Test
    void defaultsFollowTheReference() {
        ArmKnobs k = ArmKnobs.parse(Map.of("SEGMENT_ARMS", "phase", "SEGMENT_SIZE_BYTES", "16384",
                "SEGMENT_IWANT_DISCIPLINE_MS", "200", "SEGMENT_IHAVE_PARK", "1"));
        assertEquals(2, k.phaseR(), "SEGMENT_A_PHASE_R defaults to 2");
        assertEquals(4096, k.maxIHaveMessages());
        assertFalse(k.discipline().offerTable());
        assertEquals(2, k.discipline().park().k(), "park k defaults to 2");
        assertEquals(Duration.ofMillis(150), k.discipline().park().promise(), "promise defaults to 3/4 of the window");
        assertEquals(Duration.ofSeconds(30), k.discipline().park().ttl());
        assertEquals(Variant.A, k.variant());
        assertEquals("phase", k.armLabel());
    }

    @Test
    void phaseArmsRaiseMaxIHaveMessagesAndOthersKeepTheBase() {
        GossipConfig base = GossipConfig.DEFAULT;
        assertEquals(4096, ArmKnobs.parse(Map.of("SEGMENT_ARMS", "phase", "SEGMENT_SIZE_BYTES", "32768"))
                .applyTo(base).maxIHaveMessages());
        assertEquals(10, ArmKnobs.parse(Map.of("SEGMENT_ARMS", "segmented", "SEGMENT_SIZE_BYTES", "32768"))
                .applyTo(base).maxIHaveMessages());
        assertEquals(64, ArmKnobs.parse(Map.of("SEGMENT_ARMS", "phase", "SEGMENT_SIZE_BYTES", "32768",
                "SEGMENT_MAX_IHAVE_MESSAGES", "64")).applyTo(base).maxIHaveMessages());
    }

    @Test
    void meshDegreeRescalesTheWatermarksLikeTheReference() {
        GossipConfig c = ArmKnobs.parse(Map.of("SEGMENT_ARMS", "whole", "SEGMENT_MESH_D", "4")).applyTo(GossipConfig.DEFAULT);
        assertEquals(4, c.d());
        assertEquals(3, c.dLo());
        assertEquals(6, c.dHi());
        assertEquals(1, c.dOut());
        GossipConfig d8 = ArmKnobs.parse(Map.of("SEGMENT_ARMS", "whole", "SEGMENT_MESH_D", "8")).applyTo(GossipConfig.DEFAULT);
        assertEquals(GossipConfig.DEFAULT, d8, "D = 8 is the production configuration exactly");
    }

    @Test
    void variantCTakesOneTopicPerIndexAndPhaseOnlyWhenCPhaseRIsSet() {
        ArmKnobs c = ArmKnobs.parse(Map.of("SHADOW_VARIANT", "c", "SEGMENT_SIZE_BYTES", "32768"));
        assertEquals(Variant.C, c.variant());
        assertEquals(ArmKnobs.Mode.SEGMENTED, c.mode());
        assertEquals("variantC", c.armLabel());
        ArmKnobs phase = ArmKnobs.parse(Map.of("SHADOW_VARIANT", "c", "SEGMENT_SIZE_BYTES", "32768", "SEGMENT_C_PHASE_R", "2"));
        assertEquals(ArmKnobs.Mode.PHASE, phase.mode());
        assertEquals(2, phase.phaseR());
    }

    @Test
    void everyRefusalNamesTheKnobAndWhatItNeeds() {
        assertRefused("SEGMENT_STOP_PULL requires SEGMENT_STRUCTURED_IDS",
                "SEGMENT_ARMS", "phase", "SEGMENT_SIZE_BYTES", "32768", "SEGMENT_STOP_PULL", "1");
        assertRefused("SEGMENT_OFFER_TABLE has no effect without SEGMENT_IWANT_DISCIPLINE_MS",
                "SEGMENT_ARMS", "whole", "SEGMENT_OFFER_TABLE", "1");
        assertRefused("SEGMENT_IHAVE_PARK has no effect without SEGMENT_IWANT_DISCIPLINE_MS",
                "SEGMENT_ARMS", "whole", "SEGMENT_IHAVE_PARK", "1");
        assertRefused("SEGMENT_IHAVE_PARK_K has no effect without SEGMENT_IHAVE_PARK=1",
                "SEGMENT_ARMS", "whole", "SEGMENT_IWANT_DISCIPLINE_MS", "200", "SEGMENT_IHAVE_PARK_K", "1");
        assertRefused("SEGMENT_ARMS must be set for variant a: whole, segmented or phase", "SEGMENT_SIZE_BYTES", "32768");
        assertRefused("SEGMENT_ARMS=whole,segmented: want exactly one of whole, segmented or phase (a node runs one arm)",
                "SEGMENT_ARMS", "whole,segmented");
        assertRefused("SEGMENT_SIZE_BYTES=0: out of range (allowed 1..1048576)", "SEGMENT_ARMS", "phase", "SEGMENT_SIZE_BYTES", "0");
        assertRefused("SEGMENT_PARITY=x: not an integer (allowed 1..255)",
                "SEGMENT_ARMS", "phase", "SEGMENT_SIZE_BYTES", "32768", "SEGMENT_PARITY", "x");
        assertRefused("SEGMENT_SIZE_BYTES has no effect without a segmented arm (the whole message carries the raw payload, docs/arms.md §3.3)",
                "SEGMENT_ARMS", "whole", "SEGMENT_SIZE_BYTES", "32768");
        assertRefused("SEGMENT_A_PHASE_R has no effect without SEGMENT_ARMS=phase",
                "SEGMENT_ARMS", "segmented", "SEGMENT_SIZE_BYTES", "32768", "SEGMENT_A_PHASE_R", "2");
        assertRefused("SEGMENT_STRUCTURED_IDS=maybe: want 1 or 0", "SEGMENT_ARMS", "whole", "SEGMENT_STRUCTURED_IDS", "maybe");
        assertRefused("SEGMENT_STRICT: SEGMENT_SIZE_BYTES (or SEGMENT_FIXED_COUNT) must be set; the unit is part of the arm, not a default", "SEGMENT_STRICT", "1", "SHADOW_VARIANT", "b");
        assertRefused("SEGMENT_REPLICATION has no effect without SHADOW_VARIANT=b (a variant B knob, docs/arms.md §8)",
                "SEGMENT_ARMS", "whole", "SEGMENT_REPLICATION", "2");
        assertRefused("SEGMENT_POLICIES=split: only the phase push policy is supported (docs/arms.md §8.4; split, all, none and the coordinated push are unused by the report)",
                "SHADOW_VARIANT", "b", "SEGMENT_SIZE_BYTES", "32768", "SEGMENT_POLICIES", "split");
        assertRefused("SEGMENT_IWANT_HEDGE_MS is not supported by gsnode: the report's arms do not use it (docs/arms.md §6.8, §11.5)",
                "SEGMENT_ARMS", "whole", "SEGMENT_IWANT_HEDGE_MS", "100");
        assertRefused("SEGMENT_FAIL_WITHHOLD_PCT is not supported by gsnode: the report's arms do not use it (docs/arms.md §6.8, §11.5)",
                "SEGMENT_ARMS", "whole", "SEGMENT_FAIL_WITHHOLD_PCT", "10");
        assertRefused("SEGMENT_PUBLISH_MODE=fcfs: only batch publishing is supported (docs/arms.md §5.4; fcfs is unused by the report)",
                "SEGMENT_ARMS", "whole", "SEGMENT_PUBLISH_MODE", "fcfs");
        assertRefused("SEGMENT_ARMS has no effect without SHADOW_VARIANT=a (variant C cuts the raw payload at SEGMENT_SIZE_BYTES, docs/arms.md §9)",
                "SHADOW_VARIANT", "c", "SEGMENT_ARMS", "phase", "SEGMENT_SIZE_BYTES", "32768");
        InvalidKnobException unknown = assertThrows(InvalidKnobException.class,
                () -> ArmKnobs.parse(Map.of("SEGMENT_ARMS", "whole", "SEGMENT_IWANT_DISIPLINE_MS", "200")));
        assertTrue(unknown.getMessage().startsWith("unknown knob SEGMENT_IWANT_DISIPLINE_MS; known: arm ["), unknown.getMessage());
    }

    @Test
    void cellKnobsAndForeignVariablesAreLeftToTheirReaders() {
        Map<String, String> env = new HashMap<>();
        env.put("SEGMENT_ARMS", "whole");
        env.put("SEGMENT_MESH_SIZES", "500");
        env.put("SEGMENT_SEED", "7");
        env.put("PATH", "/usr/bin");
        ArmKnobs k = ArmKnobs.parse(env);
        assertEquals(Map.of("SEGMENT_ARMS", "whole"), k.env());
        assertNull(k.discipline());
    }

    @Test
    void zeroSwitchesAreOff() {
        ArmKnobs k = ArmKnobs.parse(Map.of("SEGMENT_ARMS", "whole", "SEGMENT_STRUCTURED_IDS", "0", "SEGMENT_STRICT", "0"));
        assertFalse(k.structuredIds());
        assertFalse(k.strict());
    }

    @Test
    void cellKnobsReadTheCommonEnvironment() {
        Map<String, String> env = Map.of("SEGMENT_STRICT", "1", "SEGMENT_SLOW_TESTS", "1", "SEGMENT_MESH_SIZES", "500",
                "SEGMENT_DEGREE", "70", "SEGMENT_LATENCY_MODEL", "geo", "SEGMENT_DET_RAND", "1", "SEGMENT_SEED", "7",
                "SEGMENT_PAYLOAD_BYTES", "1048576", "SEGMENT_DEADLINE_MS", "3000", "SEGMENT_UP_MBPS", "50");
        Map<String, String> withDown = new HashMap<>(env);
        withDown.put("SEGMENT_DOWN_MBPS", "100");
        withDown.put("SEGMENT_DATACENTER_PCT", "20");
        withDown.put("SEGMENT_ARMS", "phase");
        CellKnobs c = CellKnobs.parse(withDown);
        assertEquals(500, c.n());
        assertEquals("geo", c.latencyModel());
        assertEquals(7 * 1_000_003L + 3, c.routerSeed(3));
        assertEquals(3000, c.deadlineMs());
        assertEquals(100, c.downMbps());
        assertEquals(20, c.datacenterPct());
        assertEquals(1000, c.datacenterMbps());
        assertNull(c.builderUpMbps());
        assertEquals(500, CellKnobs.parse(env).downMbps(), "only the uplink set: down = 10 x up (docs/arms.md §10.3)");
        assertNull(CellKnobs.parse(Map.of()).routerSeed(0));
        assertEquals(4000, CellKnobs.parse(Map.of()).deadlineMs());
        InvalidKnobException e = assertThrows(InvalidKnobException.class, () -> CellKnobs.parse(Map.of("SEGMENT_MESH_SIZES", "30,500")));
        assertEquals("SEGMENT_MESH_SIZES=30,500: a node runs one cell, give exactly one node count", e.getMessage());
    }

    private static void assertRefused(String message, String... pairs) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) env.put(pairs[i], pairs[i + 1]);
        InvalidKnobException e = assertThrows(InvalidKnobException.class, () -> ArmKnobs.parse(env), env.toString());
        assertEquals(message, e.getMessage());
    }
}
