package io.gsnode.node.jvm;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A jar's class-data cache for one JDK: the classes a node loads, parsed, verified and linked once
 * in a training run ({@link ClassDataTraining}) and mapped from a file by every node after it. On
 * JDK 25 and later it is an AOT cache ({@code -XX:AOTCacheOutput}, {@code -XX:AOTCache}, which
 * also keeps linked call sites and method profiles); before that an application class-data
 * archive ({@code -XX:ArchiveClassesAtExit}, {@code -XX:SharedArchiveFile}).
 *
 * <p>Why: measured on the 2-core host with JDK 25, an idle node reached {@code listening} after
 * 0.71-0.77 CPU-s without the cache and 0.39-0.45 CPU-s with it. The mapping is fixed
 * ({@code ArchiveRelocationMode=0}): JDK 25 relocates the archive by default, which rewrites its
 * pointers and makes every page private to the process; mapped where it was made, its read-only
 * part (18 of 30 MiB) stays shared by every node of the host (PSS of five idle nodes: 54.6 MiB
 * each relocated, 44.5 MiB fixed).
 *
 * <p>The file lives beside the jar, one per JDK feature version ({@code gsnode-jdk25.aot}). It is
 * fresh while it is newer than the jar; the JVM checks the jar itself too and runs without the
 * cache, with a warning on stderr, if they disagree. A classpath of several jars (the node's
 * modules and their dependencies, as the process-level tests run nodes) has a cache too, in a
 * directory its caller names ({@link #ofJars}); the JVM maps an AOT cache only for a classpath of
 * jars, never of class directories.
 */
public final class ClassDataCache {

    /** The first JDK with the one-step AOT cache (JEP 514). */
    static final int AOT_CACHE_JDK = 25;
    private static final long TRAINING_TIMEOUT_MINUTES = 5;

    private final Path java;
    private final int feature;
    private final List<Path> jars;
    private final Path file;

    private ClassDataCache(Path java, int feature, List<Path> jars, Path directory, String name) {
        this.java = java;
        this.feature = feature;
        this.jars = List.copyOf(jars);
        this.file = directory.resolve(name + "-jdk" + feature + (feature >= AOT_CACHE_JDK ? ".aot" : ".jsa"));
    }

    /** The cache of {@code jar} for the JDK of {@code java} (its {@code release} file names the version); empty when unknown. */
    public static Optional<ClassDataCache> of(Path java, Path jar) {
        Path absolute = jar.toAbsolutePath();
        String name = absolute.getFileName().toString().replaceFirst("\\.jar$", "");
        return featureVersion(java).map(v -> new ClassDataCache(java, v, List.of(absolute), absolute.getParent(), name));
    }

    /**
     * The cache of a classpath of {@code jars} for the JDK of {@code java}, kept in {@code directory}
     * as {@code name-jdkN.aot}; empty when the JDK is unknown or an entry is not a jar file.
     */
    public static Optional<ClassDataCache> ofJars(Path java, List<Path> jars, Path directory, String name) {
        if (jars.isEmpty() || !jars.stream().allMatch(j -> j.toString().endsWith(".jar") && Files.isRegularFile(j))) {
            return Optional.empty();
        }
        List<Path> absolute = jars.stream().map(Path::toAbsolutePath).toList();
        return featureVersion(java).map(v -> new ClassDataCache(java, v, absolute, directory.toAbsolutePath(), name));
    }

    /** Where the cache is, or would be made. */
    public Path file() {
        return file;
    }

    /** The classpath the cache is for, as {@code -cp} takes it. */
    public String classpath() {
        return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
    }

    /** Whether the cache exists and is newer than every jar of its classpath. */
    public boolean fresh() {
        try {
            if (!Files.isRegularFile(file)) return false;
            for (Path jar : jars) {
                if (Files.getLastModifiedTime(file).compareTo(Files.getLastModifiedTime(jar)) < 0) return false;
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The flags that map the cache, when it is fresh. */
    public Optional<List<String>> usableFlags() {
        if (!fresh()) return Optional.empty();
        String option = feature >= AOT_CACHE_JDK ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=";
        return Optional.of(List.of(option + file(), "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0"));
    }

    /**
     * Runs the training JVM with the node flags and writes the cache (atomically: a node never
     * maps a half-written file, and two launchers racing each write a whole one).
     *
     * @return the cache file
     */
    public Path create(PrintStream progress) throws IOException, InterruptedException {
        Path target = file();
        Path work = Files.createTempDirectory("gsnode-training");
        Path partial = target.resolveSibling(target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        Path log = work.resolve("training.log");
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(NodeJvm.BASE_FLAGS);
        if (jars.size() == 1) cmd.addAll(NodeJvm.nativeLibraryFlags(jars.get(0)));
        cmd.add(feature >= AOT_CACHE_JDK ? "-XX:AOTCacheOutput=" + partial : "-XX:ArchiveClassesAtExit=" + partial);
        cmd.addAll(List.of("-cp", classpath(), ClassDataTraining.class.getName(), work.toString()));
        String of = jars.size() == 1 ? jars.get(0).getFileName().toString() : "a classpath of " + jars.size() + " jars";
        progress.println("gsnode: making the class-data cache of " + of + " for JDK " + feature
                + " (a training run of a few small cells, once per jar) -> " + target);
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(TRAINING_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("the training run took longer than " + TRAINING_TIMEOUT_MINUTES + " minutes; log: " + log);
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(partial)) {
                throw new IOException("the training run failed (exit " + p.exitValue() + "); the last lines of " + log + ":\n"
                        + tail(log));
            }
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(partial);
        }
        progress.printf("gsnode: class-data cache ready: %d MiB in %.1f s%n", Files.size(target) >> 20,
                (System.nanoTime() - t0) / 1e9);
        return target;
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    /** The feature version in {@code JAVA_HOME/release} of {@code JAVA_HOME/bin/java}. */
    static Optional<Integer> featureVersion(Path java) {
        try {
            Path release = java.toRealPath().getParent().resolveSibling("release");
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return Optional.of(Integer.parseInt(v.split("[.+-]")[0]));
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not a JDK layout we know: no cache, the node runs as before.
        }
        return Optional.empty();
    }
}
