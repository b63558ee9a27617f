package io.gsnode.app;

import static io.gsnode.app.GsnodeJar.JAVA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.node.jvm.ClassDataCache;
import io.gsnode.node.jvm.NodeJvm;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data cache of the assembled jar (after {@code package}, on a copy of it): made by its
 * training run, mapped by a node's JVM (its classes come from the cache, the JVM says so), refused
 * by the JVM and by {@link NodeJvm#flags} once the jar changes, and made again.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ClassDataCacheIT {

    /** A class every node loads: from the cache when it is mapped, from the jar when it is not. */
    private static final String NODE_CLASS = "io.gsnode.node.cli.RunCommand";

    @TempDir
    Path dir;

    @Test
    void theCacheIsMadeMappedAndRemadeWhenTheJarChanges() throws Exception {
        Path jar = dir.resolve("gsnode.jar");
        Files.copy(Path.of("target", "gsnode.jar"), jar);
        ClassDataCache cache = ClassDataCache.of(JAVA, jar).orElseThrow();
        assertFalse(cache.fresh(), "no cache before the training run");
        assertEquals(NodeJvm.BASE_FLAGS, NodeJvm.flags(JAVA, jar.toString()), "without a cache a node gets the base flags");

        cache.create(quiet());
        assertTrue(cache.fresh() && Files.size(cache.file()) > 1 << 20, "the training run wrote " + cache.file());
        List<String> flags = NodeJvm.flags(JAVA, jar.toString());
        assertTrue(flags.stream().anyMatch(f -> f.endsWith("=" + cache.file())), "a node maps the cache: " + flags);
        assertTrue(sourceOfNodeClass(flags, jar).contains("shared objects file"), "the node's classes come from the cache");

        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(cache.file()).toMillis() + 2000));
        assertFalse(cache.fresh(), "a jar newer than its cache makes the cache stale");
        assertEquals(NodeJvm.BASE_FLAGS, NodeJvm.flags(JAVA, jar.toString()), "a stale cache is not handed to nodes");
        assertTrue(sourceOfNodeClass(flags, jar).contains("source: file:"),
                "the JVM itself refuses a cache made for another jar and loads from the jar");

        cache.create(quiet());
        assertTrue(cache.fresh(), "made again");
        assertTrue(sourceOfNodeClass(NodeJvm.flags(JAVA, jar.toString()), jar).contains("shared objects file"), "mapped again");
    }

    /** Where the node's JVM, started with {@code flags}, loaded {@link #NODE_CLASS} from: its class-load log line. */
    private static String sourceOfNodeClass(List<String> flags, Path jar) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(JAVA.toString());
        cmd.addAll(flags);
        cmd.addAll(List.of("-Xlog:class+load=info:stdout", "-cp", jar.toString(), "io.gsnode.app.Gsnode", "node-jvm"));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the JVM exits");
        return out.lines().filter(l -> l.contains(" " + NODE_CLASS + " source:")).findFirst()
                .orElseThrow(() -> new AssertionError(NODE_CLASS + " was not loaded:\n" + out));
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
