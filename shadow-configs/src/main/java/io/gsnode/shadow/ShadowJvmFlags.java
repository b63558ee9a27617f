package io.gsnode.shadow;

import io.gsnode.node.jvm.NodeJvm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The JVM flags of a node under Shadow: the local backend's measured set
 * ({@link NodeJvm#BASE_FLAGS}) plus what Shadow needs (spec/shadow.md §4.2, §4.7, §4.8).
 */
public final class ShadowJvmFlags {

    /**
     * Added for Shadow, each for a reason in spec/shadow.md (the local set is already C1 only,
     * which Shadow needs too: a Teku JVM hung under Shadow with C2, §4.1, §4.7):
     * <ul>
     *   <li>{@code -XX:ActiveProcessorCount=2}: Shadow reports one CPU; pool sizes then do not
     *       depend on it (§4.2, §4.8);</li>
     *   <li>{@code -XX:-UsePerfData}: every host's JVM is pid 1000 and would share one hsperfdata
     *       file (§4.2);</li>
     *   <li>{@code -XX:-UseContainerSupport}: cgroup files are read from the real machine (§4.2);</li>
     *   <li>{@code -XX:ReservedCodeCacheSize=32m}: memory, thousands of JVMs on one machine (§4.8);</li>
     *   <li>{@code -Djava.net.preferIPv4Stack=true}: Shadow has no IPv6 (§4.2).</li>
     * </ul>
     */
    public static final List<String> SHADOW_ADDITIONS = List.of("-XX:ActiveProcessorCount=2", "-XX:-UsePerfData",
            "-XX:-UseContainerSupport", "-XX:ReservedCodeCacheSize=32m", "-Djava.net.preferIPv4Stack=true");

    /** The environment of every node: the process gets only this (spec/shadow.md §1.7); §4.8 for the value. */
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
