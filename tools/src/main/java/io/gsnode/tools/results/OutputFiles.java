package io.gsnode.tools.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes tables and figures through a temporary sibling and a rename, so a reader never sees half
 * a file. Unlike {@code Files.createTempFile} (owner-only), the file gets the usual permissions:
 * tables and figures are made to be shared.
 */
public final class OutputFiles {

    /** Writes the bytes of one output file. */
    @FunctionalInterface
    public interface Writer {
        void write(Path file) throws IOException;
    }

    private OutputFiles() {}

    public static void writeString(Path target, String text) throws IOException {
        write(target, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }

    public static void write(Path target, Writer writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            writer.write(tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
