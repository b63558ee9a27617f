package io.gsnode.node.jvm;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The JVM a node runs in: the flags every backend starts it with, and the class-data cache of the
 * jar when one has been made ({@link ClassDataCache}).
 */
public final class NodeJvm {

    /**
     * Flags for one node of many on one host. Serial GC: one GC thread and the smallest
     * footprint, where a node's heap is mostly short-lived message buffers; the heap cap bounds
     * what hundreds of nodes can take together. C1 only ({@code TieredStopAtLevel=1}): a node
     * lives for one cell, and C2's compilations during the delivery cost more CPU than its faster
     * code saves. Measured side by side on the 2-core host, 10-node netns cells at 1 MiB, three
     * runs each: atuned_32k 1,250-1,455 ms CPU per node with C2 against 785-810 ms with C1 (p50
     * 5.2-6.2 s against 3.2-3.4 s; with C2 two of three runs left a receiver short), wholend
     * 875-960 ms against 655-705 ms; atuned_32k over QUIC (Kwik), two runs, 1,945-1,990 ms with
     * C2 (3 and 5 of 9 receivers completed) against 1,310-1,470 ms (9 of 9). The JVM's own
     * warnings go to stderr: a node's stdout carries only its JSON events. Out of memory, a node
     * exits (status 3) rather than limp on with a dead event loop or heartbeat and write a record
     * that says complete: its runner then records it lost. Direct memory (Netty's buffers, which
     * hold every frame queued to a peer) is capped explicitly at the heap's size, the JDK's implicit
     * default, so that a node's two memory bounds are both written here; running out of it is an
     * Error that stops the node the same way ({@code FatalExit}). Native access is granted because the
     * node loads Netty's and BoringSSL's libraries (JDK 24 and later warn otherwise).
     *
     * <p>Memory the node no longer uses goes back to the host. C1's compilation arenas and the
     * start-up's other native allocations are freed into glibc's heap, which keeps them: a
     * trim every second ({@code TrimNativeHeapInterval}, JDK 22 and later; older JDKs ignore it)
     * returns them. At a full collection (the JIT warm-up's last, or under Shadow the code
     * cache's threshold, early in a node's life) Serial GC resizes the heap, and then keeps 20-40 %
     * of it free instead of 40-70 %; young collections alone never resize it. Measured
     * (docs/performance.md): 8 loopback peers, PSS at the end 73.1 -> 65.1 MiB with both, the
     * window's CPU unchanged, idle CPU +0.03 s a minute; a 100-host Shadow cell 68 -> 63 MiB a host.
     */
    public static final List<String> BASE_FLAGS = List.of("-XX:+UseSerialGC", "-Xms16m", "-Xmx512m", "-XX:MaxDirectMemorySize=512m",
            "-XX:MinHeapFreeRatio=20", "-XX:MaxHeapFreeRatio=40", "-XX:TieredStopAtLevel=1", "-Xss512k",
            "-XX:+IgnoreUnrecognizedVMOptions", "-XX:TrimNativeHeapInterval=1000", "-XX:+ExitOnOutOfMemoryError",
            "-Xlog:disable", "-Xlog:all=warning:stderr", "--enable-native-access=ALL-UNNAMED");

    /** The directory beside the assembled jar where the build puts the native libraries ({@code app/target/native}). */
    public static final String NATIVE_DIRECTORY = "native";

    private NodeJvm() {}

    /**
     * The flags of a node started with {@code java} on {@code classpath}: {@link #BASE_FLAGS}, the
     * jar's native libraries when the build put them beside it ({@link #nativeLibraryFlags}), then
     * the cache's when the classpath is one jar with a fresh cache beside it for this JDK.
     */
    public static List<String> flags(Path java, String classpath) {
        List<String> flags = new ArrayList<>(BASE_FLAGS);
        jarOf(classpath).ifPresent(jar -> flags.addAll(nativeLibraryFlags(jar)));
        jarOf(classpath).flatMap(jar -> ClassDataCache.of(java, jar)).flatMap(ClassDataCache::usableFlags)
                .ifPresent(flags::addAll);
        return List.copyOf(flags);
    }

    /**
     * {@code -Djava.library.path=} the {@link #NATIVE_DIRECTORY} beside {@code jar}, when it
     * exists; nothing otherwise. Every node then maps the same file of each library (quiche, the
     * epoll transport, Conscrypt's BoringSSL), whose pages the host shares among them, where a
     * library extracted from the jar is a private temporary copy per process. Without the
     * directory, Netty extracts its libraries as before and the data path's crypto falls back to
     * the JDK's (the record says which ran).
     */
    public static List<String> nativeLibraryFlags(Path jar) {
        Path dir = jar.toAbsolutePath().resolveSibling(NATIVE_DIRECTORY);
        return Files.isDirectory(dir) ? List.of("-Djava.library.path=" + dir) : List.of();
    }

    /** The jar a one-entry classpath names (the assembled {@code gsnode.jar}); empty for directories or several entries. */
    public static Optional<Path> jarOf(String classpath) {
        if (classpath == null || classpath.isBlank() || classpath.contains(File.pathSeparator)) return Optional.empty();
        Path jar = Path.of(classpath).toAbsolutePath();
        return jar.toString().endsWith(".jar") && Files.isRegularFile(jar) ? Optional.of(jar) : Optional.empty();
    }
}
