package io.gsnode.libp2p.crypto;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/** What this JVM's JIT will compile into intrinsics, read from its own flags. */
final class JitIntrinsics {

    private JitIntrinsics() {}

    /**
     * Whether the JDK's SHA-256 will run as C2's intrinsic: C2 compiles (not interpreted only, not
     * stopped at a C1 tier), {@code UseSHA} is on (the CPU has the instructions) and, where it can be
     * read, so is {@code UseSHA256Intrinsics}.
     * False when the flags cannot be read: the caller then takes BoringSSL, right for C1 nodes.
     */
    static boolean sha256() {
        try {
            if (System.getProperty("java.vm.info", "").contains("interpreted")) return false;
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            boolean tiered = Boolean.parseBoolean(vm.getVMOption("TieredCompilation").getValue());
            int stopAt = Integer.parseInt(vm.getVMOption("TieredStopAtLevel").getValue());
            boolean c2 = !tiered || stopAt >= 4;
            return c2 && flag(vm, "UseSHA") && (!diagnosticFlagsVisible(vm) || flag(vm, "UseSHA256Intrinsics"));
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static boolean flag(HotSpotDiagnosticMXBean vm, String name) {
        return Boolean.parseBoolean(vm.getVMOption(name).getValue());
    }

    /** {@code UseSHA256Intrinsics} is a diagnostic flag, readable only once they are unlocked; {@code UseSHA} stands for it otherwise. */
    private static boolean diagnosticFlagsVisible(HotSpotDiagnosticMXBean vm) {
        return flag(vm, "UnlockDiagnosticVMOptions");
    }
}
