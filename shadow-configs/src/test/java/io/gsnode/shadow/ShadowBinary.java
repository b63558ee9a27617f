package io.gsnode.shadow;

import io.gsnode.shadow.cell.ShadowExecutable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the Shadow binary the Shadow-running tests use, in this order, and says which one it used:
 * <ol>
 *   <li>the system property {@code gsnode.shadow}: an explicit path (a set but unusable one is an
 *       error, not a skip);</li>
 *   <li>where {@code gsnode cell --backend shadow} looks without {@code --shadow}: the environment
 *       variable {@code GSNODE_SHADOW}, then {@code shadow} on {@code PATH};</li>
 *   <li>a Shadow build in the repository's parent directory, which is how CI runs them.</li>
 * </ol>
 */
final class ShadowBinary {

    static final String PROPERTY = "gsnode.shadow";

    /** Where {@link #find()} looked, for a skip message. */
    static final String WHERE = "no Shadow binary: set -D" + PROPERTY + " or " + ShadowExecutable.ENV
            + ", or put shadow on PATH; see docs/shadow.md";

    private ShadowBinary() {
    }

    /** Empty when none of the places has one; the caller skips, naming {@link #WHERE}. */
    static Optional<ShadowExecutable> find() {
        String explicit = System.getProperty(PROPERTY);
        if (explicit != null && !explicit.isBlank()) return ShadowExecutable.find(Path.of(explicit), System.getenv());
        Optional<ShadowExecutable> configured = ShadowExecutable.find(null, System.getenv());
        if (configured.isPresent()) return configured;
        Optional<Path> root = repositoryRoot();
        if (root.isPresent() && root.get().getParent() != null) {
            Path beside = root.get().getParent().resolve("shared").resolve("tools").resolve("shadow").resolve("bin").resolve("shadow");
            if (Files.isExecutable(beside)) return Optional.of(new ShadowExecutable(beside, "a Shadow build beside the repository"));
        }
        return Optional.empty();
    }

    /** The directory holding the {@code gsnode} launcher and the parent pom, above the working directory. */
    static Optional<Path> repositoryRoot() {
        for (Path d = Path.of(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("gsnode")) && Files.isRegularFile(d.resolve("pom.xml")) && Files.isDirectory(d.resolve("shadow-configs"))) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
