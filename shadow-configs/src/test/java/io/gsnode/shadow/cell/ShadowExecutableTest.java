package io.gsnode.shadow.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@code gsnode cell --backend shadow} finds Shadow: --shadow, then GSNODE_SHADOW, then PATH. */
class ShadowExecutableTest {

    @Test
    void anExplicitPathWinsOverTheEnvironmentAndPath(@TempDir Path tmp) throws IOException {
        Path explicit = executable(tmp.resolve("a"), "shadow");
        Path fromEnv = executable(tmp.resolve("b"), "shadow");
        Path onPath = executable(tmp.resolve("c"), "shadow");
        Map<String, String> env = Map.of(ShadowExecutable.ENV, fromEnv.toString(), "PATH", onPath.getParent().toString());
        assertEquals(explicit, ShadowExecutable.find(explicit, env).orElseThrow().path());
        assertEquals("--shadow", ShadowExecutable.find(explicit, env).orElseThrow().source());
        assertEquals(fromEnv, ShadowExecutable.find(null, env).orElseThrow().path());
        assertEquals(onPath, ShadowExecutable.find(null, Map.of("PATH", "/nonexistent:" + onPath.getParent())).orElseThrow().path());
        assertEquals("PATH", ShadowExecutable.find(null, Map.of("PATH", onPath.getParent().toString())).orElseThrow().source());
    }

    @Test
    void nothingFoundIsEmptyAndAnUnusableExplicitPathIsAnError(@TempDir Path tmp) throws IOException {
        assertTrue(ShadowExecutable.find(null, Map.of("PATH", tmp.toString())).isEmpty());
        assertTrue(ShadowExecutable.find(null, Map.of()).isEmpty());
        Path notExecutable = Files.writeString(tmp.resolve("shadow"), "#!/bin/sh\n");
        assertTrue(ShadowExecutable.find(null, Map.of("PATH", tmp.toString())).isEmpty(), "a file that cannot run is not Shadow");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShadowExecutable.find(tmp.resolve("missing"), Map.of()));
        assertTrue(e.getMessage().contains("--shadow names " + tmp.resolve("missing")), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ShadowExecutable.find(null, Map.of(ShadowExecutable.ENV, notExecutable.toString())));
        assertTrue(e.getMessage().startsWith(ShadowExecutable.ENV + " names"), e.getMessage());
    }

    @Test
    void theVersionIsTheFirstLineShadowPrints(@TempDir Path tmp) throws IOException {
        Path fake = tmp.resolve("shadow");
        Files.writeString(fake, "#!/bin/sh\necho 'Shadow 9.9.9 — test'\necho second line\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals("Shadow 9.9.9 — test", new ShadowExecutable(fake, "test").version());
    }

    private static Path executable(Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        Path p = Files.writeString(dir.resolve(name), "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
