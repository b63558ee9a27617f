package io.gsnode.node.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What the node flags make a JVM do when it goes wrong, and what they point it at. */
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
