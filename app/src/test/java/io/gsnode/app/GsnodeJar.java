package io.gsnode.app;

import io.gsnode.shadow.cell.ShadowExecutable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** What the app's process-level tests run: this JDK's java, the built jar, and a Shadow binary where there is one. */
final class GsnodeJar {

    static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");
    static final Path JAR = Path.of("target", "gsnode.jar").toAbsolutePath();

    private GsnodeJar() {}

    /** GSNODE_SHADOW, PATH, then a Shadow build in the repository's parent directory (how CI has one). */
    static Optional<Path> findShadow() {
        Optional<ShadowExecutable> configured = ShadowExecutable.find(null, System.getenv());
        if (configured.isPresent()) return Optional.of(configured.get().path());
        Path root = Path.of("").toAbsolutePath().getParent(); // app/ -> the repository
        Path beside = root.getParent().resolve("shared").resolve("tools").resolve("shadow").resolve("bin").resolve("shadow");
        return Files.isExecutable(beside) ? Optional.of(beside) : Optional.empty();
    }
}
