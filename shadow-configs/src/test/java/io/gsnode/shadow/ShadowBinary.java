package io.gsnode.shadow;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the Shadow binary the Shadow-running tests use, in this order, and says which one it used:
 * <ol>
 *   <li>the system property {@code gsnode.shadow}, then the environment variable
 *       {@code GSNODE_SHADOW}: an explicit path (a set but unusable one is an error, not a skip);</li>
 *   <li>{@code shadow} on {@code PATH};</li>
 *   <li>a Shadow build beside the repository.</li>
 * </ol>
 */
record ShadowBinary(Path path, String source) {

    static final String PROPERTY = "gsnode.shadow";
    static final String ENV = "GSNODE_SHADOW";

    /** Empty when none of the places has one; the caller skips, naming {@link #WHERE}. */
    static Optional<ShadowBinary> find() {
        String explicit = System.getProperty(PROPERTY);
        String from = "system property " + PROPERTY;
        if (explicit == null || explicit.isBlank()) {
            explicit = System.getenv(ENV);
            from = "environment variable " + ENV;
        }
        if (explicit != null && !explicit.isBlank()) {
            Path p = Path.of(explicit);
            if (!Files.isExecutable(p)) throw new IllegalStateException(from + " names " + p + ", which is not an executable file");
            return Optional.of(new ShadowBinary(p, from));
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) continue;
                Path p = Path.of(dir, "shadow");
                if (Files.isExecutable(p)) return Optional.of(new ShadowBinary(p, "PATH"));
            }
        }
        Optional<Path> root = repositoryRoot();
        if (root.isPresent() && root.get().getParent() != null) {
            Path beside = root.get().getParent().resolve("shared").resolve("tools").resolve("shadow").resolve("bin").resolve("shadow");
            if (Files.isExecutable(beside)) return Optional.of(new ShadowBinary(beside, "a Shadow build beside the repository"));
        }
        return Optional.empty();
    }

    /** Where {@link #find()} looked, for a skip message. */
    static final String WHERE = "no Shadow binary: set -D" + PROPERTY + " or " + ENV + ", or put shadow on PATH; see docs/shadow.md";

    /** The directory holding the {@code gsnode} launcher and the parent pom, above the working directory. */
    static Optional<Path> repositoryRoot() {
        for (Path d = Path.of(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("gsnode")) && Files.isRegularFile(d.resolve("pom.xml")) && Files.isDirectory(d.resolve("shadow-configs"))) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /** One log line: which binary, found how. */
    String describe() {
        return "Shadow " + path + " (from " + source + ")";
    }
}
