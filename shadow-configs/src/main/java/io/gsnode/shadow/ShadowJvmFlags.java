package io.gsnode.shadow;

import io.gsnode.node.jvm.NodeJvm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The JVM flags of a node under Shadow: the local backend's measured set
 * ({@link NodeJvm#BASE_FLAGS}) plus what Shadow needs (docs/shadow.md, "gsnode run --shadow").
 */
public final class ShadowJvmFlags {

    /**
     * Added for Shadow, each for the reason given (the local set is already C1 only,
     * which Shadow needs too: a Teku JVM was seen to hang under Shadow with C2):
     * <ul>
     *   <li>{@code -XX:ActiveProcessorCount=2}: Shadow reports one CPU; pool sizes then do not
     *       depend on it;</li>
     *   <li>{@code -XX:-UsePerfData}: every host's JVM is pid 1000 and would share one hsperfdata
     *       file;</li>
     *   <li>{@code -XX:-UseContainerSupport}: cgroup files are read from the real machine;</li>
     *   <li>{@code -XX:ReservedCodeCacheSize=32m}: memory, thousands of JVMs on one machine;</li>
     *   <li>{@code -Djava.net.preferIPv4Stack=true}: Shadow has no IPv6;</li>
     *   <li>{@code -Dio.netty.allocator.type=unpooled} and {@code -Dio.netty.recycler.maxCapacityPerThread=0}:
     *       Netty's adaptive allocator shares its chunks through a lock-free queue whose {@code offer}
     *       spins while another thread is between two steps of a {@code poll}, and its object recycler
     *       returns objects through one whose {@code offer} spins while another thread grows it. Under
     *       Shadow the other thread, once switched out, never runs again while the spinning one makes no
     *       syscall, and the simulation stops (docs/findings/shadow-hangs.md).
     *       Without the two pools neither queue is used.</li>
     * </ul>
     */
    public static final List<String> SHADOW_ADDITIONS = List.of("-XX:ActiveProcessorCount=2", "-XX:-UsePerfData",
            "-XX:-UseContainerSupport", "-XX:ReservedCodeCacheSize=32m", "-Djava.net.preferIPv4Stack=true",
            "-Dio.netty.allocator.type=unpooled", "-Dio.netty.recycler.maxCapacityPerThread=0");

    /** The environment of every node: the process gets only this (Shadow passes a process no other environment). */
    public static final String MALLOC_ARENA_MAX = "2";

    private ShadowJvmFlags() {
    }

    /**
     * The recommended flags: a node's ({@link NodeJvm#flags}: the base set, and the jar's
     * class-data cache when {@code java} has a fresh one beside {@code jar}), then the Shadow additions.
     */
    public static List<String> recommended(String java, String jar) {
        List<String> flags = new ArrayList<>(NodeJvm.flags(Path.of(java), jar));
        flags.addAll(SHADOW_ADDITIONS);
        return Collections.unmodifiableList(flags);
    }

    /** Splits a {@code --jvm-flags} value on whitespace. */
    public static List<String> split(String flags) {
        String t = flags.strip();
        return t.isEmpty() ? List.of() : List.of(t.split("\\s+"));
    }
}
