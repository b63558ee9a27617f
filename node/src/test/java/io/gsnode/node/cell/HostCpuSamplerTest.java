package io.gsnode.node.cell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.record.CellSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostCpuSamplerTest {

    @TempDir
    Path dir;

    @Test
    void idleAndIowaitAreNotBusyAndGuestTimeIsNotCountedTwice() {
        // user nice system idle iowait irq softirq steal guest guest_nice
        assertArrayEquals(new long[] {100 + 5 + 30 + 2 + 3 + 1, 100 + 5 + 30 + 800 + 60 + 2 + 3 + 1},
                HostCpuSampler.parse("cpu  100 5 30 800 60 2 3 1 40 0"));
    }

    @Test
    void aSinglePeakIsNotASaturatedSecond() {
        Map<String, Object> s = HostCpuSampler.summary(List.of(0.5, 0.95, 1.0, 0.2, 0.3));
        assertEquals(59.0, s.get("cpu_mean"));
        assertEquals(100.0, s.get("cpu_peak"), "the peak is still reported");
        assertEquals(0.0, s.get("saturated_s"), "no one-second window averaged 95 %");
        assertEquals(5, s.get("samples"));
        assertEquals(false, CellSummary.saturated(s));
    }

    @Test
    void saturatedSecondsAreTheTimeCoveredByWindowsAtNinetyFivePercent() {
        // One second at 97 % between quieter samples: that window counts, nothing more.
        assertEquals(1.0, HostCpuSampler.summary(List.of(0.2, 0.97, 0.97, 0.97, 0.97, 0.5)).get("saturated_s"));
        // 1.5 s at 100 %: six samples, each inside some saturated window.
        assertEquals(1.5, HostCpuSampler.summary(List.of(0.1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.1)).get("saturated_s"));
        // A window may average 95 % with a dip inside it.
        assertEquals(1.0, HostCpuSampler.summary(List.of(1.0, 0.85, 1.0, 1.0)).get("saturated_s"));
        // Fewer samples than a second: their mean decides.
        assertEquals(0.5, HostCpuSampler.summary(List.of(0.96, 0.99)).get("saturated_s"));
        assertEquals(true, CellSummary.saturated(HostCpuSampler.summary(List.of(1.0, 1.0, 1.0, 1.0))));
    }

    @Test
    void samplesAStatFileEveryQuarterSecondBetweenTheInstants() throws Exception {
        Path stat = dir.resolve("stat");
        Files.writeString(stat, "cpu  0 0 0 0 0 0 0 0\n");
        HostCpuSampler sampler = new HostCpuSampler(stat);
        long now = System.currentTimeMillis();
        sampler.start(now, now + 1300);
        // Every read sees 3 busy jiffies of 4 more than the last: 75 % busy, whatever the timing.
        for (int i = 1; i <= 40; i++) {
            Path next = dir.resolve("stat.next");
            Files.writeString(next, "cpu  " + 3 * i + " 0 0 " + i + " 0 0 0 0\n");
            Files.move(next, stat, StandardCopyOption.ATOMIC_MOVE);
            Thread.sleep(50);
        }
        Map<String, Object> s = sampler.stop();
        assertTrue(((Number) s.get("samples")).intValue() >= 1, s.toString());
        assertEquals(75.0, s.get("cpu_mean"));
        assertEquals(0.0, s.get("saturated_s"));
    }
}
