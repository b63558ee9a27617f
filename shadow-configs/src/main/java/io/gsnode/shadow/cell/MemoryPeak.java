package io.gsnode.shadow.cell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The memory a Shadow run holds, sampled while it runs: the proportional set size of Shadow and
 * every process under it (pages the JVMs share, such as the class-data cache, counted once in all),
 * and the machine's memory in use (total less available), with their peaks. Linux only: elsewhere
 * the figures stay at zero and {@link #measured()} says so.
 */
final class MemoryPeak {

    private long treePssPeakBytes;
    private long machineUsedPeakBytes;
    private long machineUsedBeforeBytes = -1;
    private long machineTotalBytes;
    private boolean measured;

    /** One sample of the tree rooted at {@code shadow}. */
    void sample(ProcessHandle shadow) {
        long pss = pssBytes(shadow.pid());
        for (ProcessHandle p : shadow.descendants().toList()) pss += pssBytes(p.pid());
        treePssPeakBytes = Math.max(treePssPeakBytes, pss);
        long used = machineUsedBytes();
        if (used > 0) {
            measured = true;
            if (machineUsedBeforeBytes < 0) machineUsedBeforeBytes = used;
            machineUsedPeakBytes = Math.max(machineUsedPeakBytes, used);
        }
    }

    /** The machine's memory in use before the run, to tell the run's share from the rest. */
    void baseline() {
        machineUsedBeforeBytes = machineUsedBytes();
    }

    boolean measured() {
        return measured;
    }

    long treePssPeakBytes() {
        return treePssPeakBytes;
    }

    long machineUsedPeakBytes() {
        return machineUsedPeakBytes;
    }

    long machineUsedBeforeBytes() {
        return Math.max(0, machineUsedBeforeBytes);
    }

    long machineTotalBytes() {
        return machineTotalBytes;
    }

    /** smaps_rollup's Pss; 0 for a process that is gone or unreadable. */
    private static long pssBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "smaps_rollup"))) {
                if (line.startsWith("Pss:")) return kib(line) * 1024;
            }
        } catch (IOException | RuntimeException e) {
            // The process exited between listing and reading.
        }
        return 0;
    }

    private long machineUsedBytes() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/meminfo"));
            long total = 0, available = 0;
            for (String line : lines) {
                if (line.startsWith("MemTotal:")) total = kib(line) * 1024;
                if (line.startsWith("MemAvailable:")) available = kib(line) * 1024;
            }
            machineTotalBytes = total;
            return total > 0 ? total - available : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private static long kib(String line) {
        String[] parts = line.trim().split("\\s+");
        return Long.parseLong(parts[1]);
    }
}
