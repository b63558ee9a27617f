package io.gsnode.node.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.node.cli.ConditionOptions;
import io.gsnode.node.cli.ScheduleOptions;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The warm-up and background settings as the command line gives them, and what they refuse. */
class ConditionSettingsTest {

    @Test
    void backgroundSpecsReadSizesAndIntervalsWithTheirUnits() {
        BackgroundLoad a = BackgroundLoad.parse("8KiB@100ms", 6500, null, false);
        assertEquals(8192, a.bytes());
        assertEquals(100, a.intervalMs());
        assertEquals("8192@100ms", a.spec());
        BackgroundLoad b = BackgroundLoad.parse("1MiB@2s", 0, Set.of(3, 1), true);
        assertEquals(1 << 20, b.bytes());
        assertEquals(2000, b.intervalMs());
        assertTrue(b.sends(1) && b.sends(3) && !b.sends(0));
        assertEquals(4096, BackgroundLoad.parse("4096@50", 0, null, false).bytes());
        assertTrue(BackgroundLoad.parse("20@1", 0, null, false).sends(42), "every node sends by default");
    }

    @Test
    void badBackgroundSpecsAreRefusedWithTheOption() {
        for (String bad : List.of("8KiB", "@100", "8KB@100ms", "8KiB@-1", "x@1")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BackgroundLoad.parse(bad, 0, null, false));
            assertTrue(e.getMessage().startsWith("--background wants SIZE@INTERVAL"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BackgroundLoad.parse("19@100", 0, null, false))
                .getMessage().contains("header is 20"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BackgroundLoad.parse("2MiB@1s", 0, null, false))
                .getMessage().contains("at most 1048576"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BackgroundLoad.parse("8KiB@0ms", 0, null, false))
                .getMessage().contains("at least 1 ms"));
        assertNull(BackgroundLoad.parseSenders("all"));
        assertEquals(Set.of(0, 7), BackgroundLoad.parseSenders("7, 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BackgroundLoad.parseSenders("1,two"))
                .getMessage().startsWith("--background-nodes"));
    }

    @Test
    void backgroundMessagesAreDistinctAndRecognisedByTheirHeader() {
        BackgroundLoad load = BackgroundLoad.parse("64@10ms", 0, null, false);
        byte[] first = load.message(3, 0), second = load.message(3, 1), other = load.message(4, 0);
        assertEquals(64, first.length);
        assertTrue(load.carries(first) && load.carries(other));
        assertFalse(Arrays.equals(first, second) || Arrays.equals(first, other));
        assertArrayEquals(first, load.message(3, 0), "the same sender and sequence give the same bytes");
        assertFalse(load.carries(new byte[64]), "no header");
        assertFalse(load.carries(Arrays.copyOf(first, 63)), "another size");
    }

    @Test
    void theWarmUpMustFollowTheSubscribeAndLeaveItsGapBeforeThePublish() {
        WarmupPlan p = WarmupPlan.of(null, 1000, 4000, 10_000);
        assertEquals(4000 + WarmupPlan.MESH_FORMATION_MS, p.atMs());
        assertEquals(8000, WarmupPlan.of(8000L, 1000, 4000, 10_000).atMs());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WarmupPlan.of(3000L, 1000, 4000, 10_000))
                .getMessage().contains("before the subscribe instant"));
        IllegalArgumentException tight = assertThrows(IllegalArgumentException.class, () -> WarmupPlan.of(null, 1000, 4000, 7000));
        assertTrue(tight.getMessage().contains("leaves no time to diffuse before the publish at 7000 ms"), tight.getMessage());
        assertTrue(tight.getMessage().contains("mesh formation"), "a default instant says where it came from: " + tight.getMessage());
    }

    @Test
    void theOptionsPassThroughToNodesAndShiftWithAShadowT0() {
        ConditionOptions o = new ConditionOptions();
        assertFalse(o.toCondition().any());
        assertEquals(List.of(), o.toCondition().args());
        o.warmup = true;
        o.warmupAt = 6000L;
        o.background = "8KiB@1s";
        o.backgroundFrom = 5000L;
        o.check(new ScheduleOptions(0, 4000, 10_000, 8000), true);
        assertEquals(List.of("--warmup", "--warmup-at", "7000", "--warmup-gap", "1000", "--background", "8KiB@1s",
                "--background-nodes", "all", "--background-topic", "sibling", "--background-from", "6000"),
                o.toCondition().shifted(1000).args());
        IllegalArgumentException go = assertThrows(IllegalArgumentException.class,
                () -> o.check(new ScheduleOptions(0, 4000, 10_000, 8000), false));
        assertTrue(go.getMessage().contains("the go peer runs cold cells only"), go.getMessage());
        o.backgroundFrom = 3000L;
        assertTrue(assertThrows(IllegalArgumentException.class, () -> o.check(new ScheduleOptions(0, 4000, 10_000, 8000), true))
                .getMessage().startsWith("--background-from 3000 ms must be between"));
    }
}
