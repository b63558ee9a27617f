package io.gsnode.node.run;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** The process's own CPU time, memory and threads, as the kernel reports them. */
final class ProcessMetrics {

    private ProcessMetrics() {}

    /** CPU time of the whole process (all threads) in nanoseconds, or -1 when the JVM cannot tell. */
    static long cpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** VmHWM from /proc/self/status in bytes, or null where there is no such file. */
    static Long peakRssBytes() {
        Long kb = field("/proc/self/status", "VmHWM:");
        return kb == null ? null : kb * 1024;
    }

    /** Pss from /proc/self/smaps_rollup in bytes (shared pages in proportion), or null where unknown. */
    static Long pssBytes() {
        Long kb = field("/proc/self/smaps_rollup", "Pss:");
        return kb == null ? null : kb * 1024;
    }

    /** The process's OS threads (/proc/self/status), or null where unknown. */
    static Integer threads() {
        Long n = field("/proc/self/status", "Threads:");
        return n == null ? null : n.intValue();
    }

    /** The first number after {@code key} at the start of a line of {@code file}. */
    private static Long field(String file, String key) {
        try {
            for (String line : Files.readAllLines(Path.of(file))) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or /proc not mounted (Shadow emulates it): say we do not know.
        }
        return null;
    }
}
