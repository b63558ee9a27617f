package io.gsnode.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.shadow.ShadowJvmFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wrapper: valid sh, absolute paths, the Shadow-safe flags, the arguments passed through. */
class InteropWrapperTest {

    @Test
    void theAssembledJarIsStartedDirectlyWithTheShadowFlags(@TempDir Path dir) throws Exception {
        Path jar = Files.writeString(dir.resolve("it's gsnode.jar"), "not really a jar");
        String script = InteropWrapper.script(Path.of("/opt/jdk/bin/java"), jar.toString());
        assertTrue(script.startsWith("#!/bin/sh\n"), script);
        assertTrue(script.contains("export MALLOC_ARENA_MAX=2\n"), script);
        assertTrue(script.contains("exec '/opt/jdk/bin/java'"), script);
        for (String flag : ShadowJvmFlags.SHADOW_ADDITIONS) assertTrue(script.contains("'" + flag + "'"), flag);
        assertTrue(script.contains("-jar '" + dir.resolve("it'\\''s gsnode.jar") + "' interop-node \"$@\"\n"), script);

        Path file = Files.writeString(dir.resolve("gossipsub-bin"), script);
        Process sh = new ProcessBuilder("sh", "-n", file.toString()).redirectErrorStream(true).start();
        assertTrue(sh.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, sh.exitValue(), new String(sh.getInputStream().readAllBytes()));
    }

    @Test
    void aClasspathStartsTheCommandsClass() {
        String script = InteropWrapper.script(Path.of("/opt/jdk/bin/java"), "/a/classes:/b/lib.jar");
        assertTrue(script.contains("-cp '/a/classes:/b/lib.jar' " + InteropWrapper.MAIN + " \"$@\"\n"), script);
    }
}
