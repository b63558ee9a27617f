package io.gsnode.app;

import io.gsnode.node.jvm.ClassDataCache;
import io.gsnode.node.jvm.NodeJvm;
import io.gsnode.shadow.ShadowJvmFlags;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode node-jvm}: the JVM every node of a cell runs in. Prints its flags, one per line
 * (what the local and netns backends and the Shadow generator give each node), or makes the jar's
 * class-data cache, which {@code ./gsnode} does by itself once per jar.
 */
@Command(name = "node-jvm", mixinStandardHelpOptions = true,
        description = {"The JVM of a node: print its flags, one per line (default), or make the jar's class-data cache",
                "(./gsnode makes it once per jar; nodes map it, which halves their start-up CPU and shares memory between them)."})
public final class NodeJvmCommand implements Callable<Integer> {

    @Option(names = "--make-cache", description = "Make the class-data cache of this jar for this JDK when it is missing or older than the jar.")
    boolean makeCache;

    @Option(names = "--force", description = "With --make-cache: make it even when it is fresh.")
    boolean force;

    @Option(names = "--shadow", description = "Print the flags of a host under Shadow instead: these, then Shadow's own"
            + " additions (what --jvm-flag replaces on gsnode cell --backend shadow).")
    boolean shadow;

    @Override
    public Integer call() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classpath = System.getProperty("java.class.path");
        if (!makeCache) {
            (shadow ? ShadowJvmFlags.recommended(java.toString(), classpath) : NodeJvm.flags(java, classpath))
                    .forEach(System.out::println);
            return 0;
        }
        Optional<ClassDataCache> cache = NodeJvm.jarOf(classpath).flatMap(jar -> ClassDataCache.of(java, jar));
        if (cache.isEmpty()) {
            System.err.println("gsnode node-jvm: no class-data cache here: it needs gsnode run from its assembled jar"
                    + " on a JDK whose release file names its version (classpath: " + classpath + ")");
            return 2;
        }
        if (cache.get().fresh() && !force) {
            System.err.println("gsnode node-jvm: the class-data cache is fresh: " + cache.get().file());
            return 0;
        }
        cache.get().create(System.err);
        return 0;
    }
}
