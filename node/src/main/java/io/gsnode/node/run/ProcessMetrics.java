package io.gsnode.node.run;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** The process's own CPU time and peak resident set, as the kernel reports them. */
final class ProcessMetrics {

    private ProcessMetrics() {}

    /** CPU time of the whole process (all threads) in nanoseconds, or -1 when the JVM cannot tell. */
    static long cpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** VmHWM from /proc/self/status in bytes, or null where there is no such file. */
    static Long peakRssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    String kb = line.substring(6).trim().split("\\s+")[0];
                    return Long.parseLong(kb) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or /proc not mounted (Shadow emulates it): say we do not know.
        }
        return null;
    }
}
