package io.gsnode.node.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What the node flags make a JVM do when it goes wrong, what they point it at, and that the JVM takes each of them. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NodeJvmTest {

    @TempDir
    Path dir;

    @Test
    void theLibraryPathIsTheNativeDirectoryBesideTheJarWhenTheBuildMadeOne() throws Exception {
        Path jar = Files.createFile(dir.resolve("gsnode.jar"));
        assertEquals(List.of(), NodeJvm.nativeLibraryFlags(jar), "no directory: Netty extracts, crypto falls back");
        Path nativeDir = Files.createDirectory(dir.resolve(NodeJvm.NATIVE_DIRECTORY));
        assertEquals(List.of("-Djava.library.path=" + nativeDir), NodeJvm.nativeLibraryFlags(jar));
        assertEquals(List.of("-Djava.library.path=" + nativeDir),
                NodeJvm.flags(Path.of("/nonexistent/bin/java"), jar.toString()).subList(NodeJvm.BASE_FLAGS.size(),
                        NodeJvm.BASE_FLAGS.size() + 1), "after the base flags");
    }

    /**
     * Issue 18 #12: out of memory on a thread other than main (an event loop, the heartbeat), a
     * node JVM exits with status 3 instead of running on and writing a record as if complete.
     */
    @Test
    void outOfMemoryOnAnyThreadEndsTheNode() throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(NodeJvm.BASE_FLAGS);
        cmd.addAll(List.of("-Xmx16m", "-cp", System.getProperty("java.class.path"), ExhaustsMemoryOffMain.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(50, TimeUnit.SECONDS)) p.destroyForcibly();
        assertEquals(3, p.exitValue(), "the JVM's exit status after OutOfMemoryError with ExitOnOutOfMemoryError");
    }

    /**
     * The flags carry {@code -XX:+IgnoreUnrecognizedVMOptions} (for flags of newer JDKs), which
     * would also hide a misspelt or retired flag: a JVM started with them reports every
     * {@code -XX} flag at the value given, except those of a JDK newer than the one running.
     */
    @Test
    void everyHotSpotFlagIsOneTheJvmKnowsAtTheValueGiven() throws Exception {
        Map<String, String> expected = new LinkedHashMap<>();
        for (String flag : NodeJvm.BASE_FLAGS) {
            if (!flag.startsWith("-XX:")) continue;
            String f = flag.substring(4);
            if (f.startsWith("+") || f.startsWith("-")) expected.put(f.substring(1), Boolean.toString(f.startsWith("+")));
            else expected.put(f.substring(0, f.indexOf('=')), bytes(f.substring(f.indexOf('=') + 1)));
        }
        if (Runtime.version().feature() < 22) expected.remove("TrimNativeHeapInterval");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(NodeJvm.BASE_FLAGS);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), PrintsVmOptions.class.getName()));
        cmd.addAll(expected.keySet());
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(50, TimeUnit.SECONDS)) p.destroyForcibly();
        Map<String, String> reported = new LinkedHashMap<>();
        for (String line : out.strip().split("\n")) reported.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
        assertEquals(expected, reported, out);
    }

    /** A size as the VM reports it: {@code 512m} is 536870912. */
    private static String bytes(String value) {
        if (!value.matches("\\d+[kKmMgG]")) return value;
        long n = Long.parseLong(value.substring(0, value.length() - 1));
        int shift = switch (Character.toLowerCase(value.charAt(value.length() - 1))) {
            case 'k' -> 10;
            case 'm' -> 20;
            default -> 30;
        };
        return Long.toString(n << shift);
    }

    /** Prints {@code NAME=VALUE} for each flag named, or {@code NAME=unknown}. */
    static final class PrintsVmOptions {
        public static void main(String[] args) {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            for (String name : args) {
                String value;
                try {
                    value = vm.getVMOption(name).getValue();
                } catch (IllegalArgumentException unknown) {
                    value = "unknown";
                }
                System.out.println(name + "=" + value);
            }
        }
    }

    /** Fills the heap on a worker thread while main would exit 0 once the worker has died. */
    static final class ExhaustsMemoryOffMain {
        public static void main(String[] args) throws InterruptedException {
            Thread worker = new Thread(() -> {
                List<long[]> hoard = new ArrayList<>();
                while (true) hoard.add(new long[1 << 16]);
            });
            worker.start();
            worker.join();
            System.exit(0);
        }
    }
}
