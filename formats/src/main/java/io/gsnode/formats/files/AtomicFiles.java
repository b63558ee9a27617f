package io.gsnode.formats.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Every file gsnode writes for a reader (records, summaries, topologies, manifests, tables,
 * figures) goes through a temporary sibling and a rename, so a reader never sees half a file. The
 * temporary file is named here, not by {@code Files.createTempFile}, which would make it, and so
 * the result, owner-only: these files are made to be shared, and get the usual permissions (0644
 * under the usual umask).
 */
public final class AtomicFiles {

    /** Writes the bytes of one file to the path it is given. */
    @FunctionalInterface
    public interface Writer {
        void write(Path file) throws IOException;
    }

    private AtomicFiles() {}

    public static void writeString(Path target, String text) throws IOException {
        write(target, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }

    public static void write(Path target, Writer writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + target.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-" + Thread.currentThread().getId());
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
