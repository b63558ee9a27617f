package io.gsnode.node.cell;

import io.gsnode.node.jvm.ClassDataCache;
import io.gsnode.node.jvm.NodeJvm;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the process-level cells start gsnode's node JVMs: the test JVM's {@code java}, the node
 * flags, and the jars of the test's classpath with their class-data cache, made once per build
 * by the same training run {@code ./gsnode} makes for its jar ({@link ClassDataCache}). Starting a
 * node is most of a test cell's CPU (over four 8-node cells on the 2-core machine, JDK 25: 90
 * CPU-s without the cache, 61 with it; docs/testing.md), and this module's cells start over a
 * hundred nodes.
 *
 * <p>The JVM maps an AOT cache only for a classpath of jars: run through Maven's reactor to
 * {@code verify} (as {@code scripts/test.sh} does) or on one module ({@code -pl node-it}), the
 * node's modules are jars; where a class directory is on the classpath (the reactor's
 * {@code test} phase), the nodes run without a cache, as before.
 */
final class TestNodeJvm {

    static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");
    /** Set to false to start the nodes without the cache (to measure what it saves, or to rule it out). */
    static final String CACHE_PROPERTY = "gsnode.test.classDataCache";

    /** A node's classpath and JVM flags. */
    record Launch(String classpath, List<String> flags) {}

    private static Launch launch;

    private TestNodeJvm() {}

    static synchronized Launch get() {
        if (launch == null) launch = cached().orElseGet(() -> new Launch(System.getProperty("java.class.path"), NodeJvm.BASE_FLAGS));
        return launch;
    }

    private static Optional<Launch> cached() {
        if (!Boolean.parseBoolean(System.getProperty(CACHE_PROPERTY, "true"))) {
            System.out.println("TestNodeJvm: -D" + CACHE_PROPERTY + "=false: nodes start without a class-data cache");
            return Optional.empty();
        }
        List<Path> jars = new ArrayList<>();
        Path target = Path.of("target").toAbsolutePath();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            // This module's own class directories (it has tests only, so target/classes may not
            // even exist): the nodes never load them.
            if (p.getParent().equals(target) && !Files.isRegularFile(p)) continue;
            if (!Files.isRegularFile(p) || !p.toString().endsWith(".jar")) {
                System.out.println("TestNodeJvm: " + p + " is on the classpath and not a jar: nodes start without a class-data cache");
                return Optional.empty();
            }
            jars.add(p);
        }
        Optional<ClassDataCache> cache = ClassDataCache.ofJars(JAVA, jars, target, "node-it-classpath");
        if (cache.isEmpty()) {
            System.out.println("TestNodeJvm: the JDK of " + JAVA + " is unknown: nodes start without a class-data cache");
            return Optional.empty();
        }
        try {
            if (!cache.get().fresh()) cache.get().create(System.out);
        } catch (Exception e) {
            System.out.println("TestNodeJvm: no class-data cache (" + e.getMessage() + "): nodes start without one");
            return Optional.empty();
        }
        List<String> flags = new ArrayList<>(NodeJvm.BASE_FLAGS);
        cache.get().usableFlags().ifPresent(flags::addAll);
        return Optional.of(new Launch(cache.get().classpath(), List.copyOf(flags)));
    }
}
