package io.gsnode.shadow.cell;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Shadow binary a cell runs under, and how it was found: an explicit path ({@code --shadow}),
 * then the environment variable {@value #ENV}, then {@code shadow} on {@code PATH}. An explicit
 * path that is not an executable file is an error, never a silent fall-through to the next place.
 */
public record ShadowExecutable(Path path, String source) {

    public static final String ENV = "GSNODE_SHADOW";

    /** Where {@link #find} looks, for the one line a missing Shadow prints. */
    public static final String WHERE = "no Shadow binary: give --shadow PATH, set " + ENV
            + ", or put shadow on PATH (Shadow 3.x; see docs/shadow.md for installing it)";

    /**
     * @param explicit the {@code --shadow} value, or null
     * @param environment the process environment ({@link System#getenv()} outside tests)
     * @throws IllegalArgumentException when an explicit path is not an executable file
     */
    public static Optional<ShadowExecutable> find(Path explicit, Map<String, String> environment) {
        if (explicit != null) return Optional.of(checked(explicit, "--shadow"));
        String fromEnv = environment.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) return Optional.of(checked(Path.of(fromEnv), ENV));
        String path = environment.get("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) continue;
                Path p = Path.of(dir, "shadow");
                if (Files.isRegularFile(p) && Files.isExecutable(p)) return Optional.of(new ShadowExecutable(p, "PATH"));
            }
        }
        return Optional.empty();
    }

    private static ShadowExecutable checked(Path p, String from) {
        if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
            throw new IllegalArgumentException(from + " names " + p + ", which is not an executable file");
        }
        return new ShadowExecutable(p.toAbsolutePath(), from);
    }

    /** The first line of {@code shadow --version} ("Shadow 3.3.0 ..."), or why there is none. */
    public String version() {
        try {
            Process p = new ProcessBuilder(path.toString(), "--version").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
            return text.isEmpty() ? "unknown (shadow --version printed nothing)" : text.lines().findFirst().orElseThrow();
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown (interrupted)";
        }
    }

    /** One log line: which binary, found how. */
    public String describe() {
        return "Shadow " + path + " (from " + source + ")";
    }
}
