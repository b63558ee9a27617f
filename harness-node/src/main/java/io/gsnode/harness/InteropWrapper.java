package io.gsnode.harness;

import io.gsnode.node.jvm.NodeJvm;
import io.gsnode.shadow.ShadowJvmFlags;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The executable the harness's Makefile installs as {@code gsnode/gossipsub-bin}: a shell script
 * that starts the jar's {@code interop-node} directly with the Shadow-safe JVM flags, absolute
 * paths baked in. Shadow gives a host's process no environment (no {@code PATH}, no
 * {@code JAVA_HOME}), and the harness must never reach {@code ./gsnode}'s JDK search or rebuild
 * check, so nothing in it is looked up at run time.
 */
public final class InteropWrapper {

    private InteropWrapper() {
    }

    /** The class the script starts when it is given a classpath rather than the assembled jar. */
    public static final String MAIN = "io.gsnode.harness.cli.InteropNodeCommand";

    /**
     * The script for {@code java} and {@code classpath} (absolute): {@code -jar gsnode.jar
     * interop-node} when the classpath is the assembled jar, else the command's class on the
     * classpath (how the tests run it from the build's classes).
     */
    public static String script(Path java, String classpath) {
        List<String> flags = ShadowJvmFlags.recommended(java.toString(), classpath);
        Optional<Path> jar = NodeJvm.jarOf(classpath);
        StringBuilder s = new StringBuilder();
        s.append("#!/bin/sh\n");
        s.append("# gsnode as a gossipsub-interop implementation; written by `gsnode interop-wrapper`.\n");
        s.append("# Shadow runs it as node<i> with --params <file>; see docs/gossipsub-interop.md.\n");
        s.append("export MALLOC_ARENA_MAX=").append(ShadowJvmFlags.MALLOC_ARENA_MAX).append('\n');
        s.append("exec ").append(quote(java.toString()));
        for (String f : flags) s.append(" \\\n  ").append(quote(f));
        if (jar.isPresent()) {
            s.append(" \\\n  -jar ").append(quote(jar.get().toString())).append(" interop-node");
        } else {
            s.append(" \\\n  -cp ").append(quote(classpath)).append(' ').append(MAIN);
        }
        s.append(" \"$@\"\n");
        return s.toString();
    }

    /** Single-quoted for sh: safe for any path or flag. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
