package io.gsnode.node.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a class-data cache lives and when it is fresh, for one jar and for a classpath of jars. */
class ClassDataCacheTest {

    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");
    private static final int FEATURE = Runtime.version().feature();
    private static final String SUFFIX = "-jdk" + FEATURE + (FEATURE >= ClassDataCache.AOT_CACHE_JDK ? ".aot" : ".jsa");

    @TempDir
    Path dir;

    @Test
    void aJarsCacheLivesBesideIt() throws Exception {
        Path jar = Files.createFile(dir.resolve("gsnode.jar"));
        ClassDataCache cache = ClassDataCache.of(JAVA, jar).orElseThrow();
        assertEquals(dir.resolve("gsnode" + SUFFIX), cache.file());
        assertEquals(jar.toString(), cache.classpath());
    }

    @Test
    void aClasspathsCacheIsFreshOnlyWhileNewerThanEveryJar() throws Exception {
        Path a = Files.createFile(dir.resolve("a.jar"));
        Path b = Files.createFile(dir.resolve("b.jar"));
        Path caches = Files.createDirectory(dir.resolve("caches"));
        ClassDataCache cache = ClassDataCache.ofJars(JAVA, List.of(a, b), caches, "cp").orElseThrow();
        assertEquals(caches.resolve("cp" + SUFFIX), cache.file());
        assertEquals(a + File.pathSeparator + b, cache.classpath());
        assertFalse(cache.fresh(), "no file yet");

        Files.createFile(cache.file());
        Files.setLastModifiedTime(a, FileTime.fromMillis(1_000_000));
        Files.setLastModifiedTime(b, FileTime.fromMillis(2_000_000));
        Files.setLastModifiedTime(cache.file(), FileTime.fromMillis(3_000_000));
        assertTrue(cache.fresh());
        Files.setLastModifiedTime(b, FileTime.fromMillis(4_000_000));
        assertFalse(cache.fresh(), "a jar rebuilt after the cache");
    }

    /** The JVM maps a cache for jars only: a class directory, or a jar that is not there, has none. */
    @Test
    void aClasspathWithADirectoryOrAMissingJarHasNoCache() throws Exception {
        Path jar = Files.createFile(dir.resolve("a.jar"));
        Path classes = Files.createDirectory(dir.resolve("classes"));
        assertEquals(Optional.empty(), ClassDataCache.ofJars(JAVA, List.of(jar, classes), dir, "cp"));
        assertEquals(Optional.empty(), ClassDataCache.ofJars(JAVA, List.of(jar, dir.resolve("gone.jar")), dir, "cp"));
        assertEquals(Optional.empty(), ClassDataCache.ofJars(JAVA, List.of(), dir, "cp"));
    }
}
