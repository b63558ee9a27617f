package io.gsnode.formats.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Every file gsnode writes for a reader (records, summaries, topologies, manifests, scripts,
 * tables, figures) goes through a temporary sibling and a rename, so a reader never sees half a
 * file. The temporary file is named here, not by {@code Files.createTempFile}, which would make it,
 * and so the result, owner-only: these files are made to be shared, and get the usual permissions
 * (0644 under the usual umask).
 *
 * <p>Nothing is written through a symbolic link. gsnode runs as root for netns cells, and an
 * output directory may be one another user can write: the temporary file has an unguessable name
 * and is created exclusively, without following links (a link planted at its name is an error,
 * never a way to write elsewhere), and the rename replaces a link at the target rather than
 * writing where it points.
 */
public final class AtomicFiles {

    private static final SecureRandom NAMES = new SecureRandom();

    /** Writes the bytes of one file to the stream it is given (AtomicFiles closes it). */
    @FunctionalInterface
    public interface Writer {
        void write(OutputStream out) throws IOException;
    }

    private AtomicFiles() {}

    public static void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    public static void write(Path target, Writer writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        byte[] random = new byte[8];
        NAMES.nextBytes(random);
        Path tmp = dir.resolve("." + target.getFileName() + ".tmp-" + HexFormat.of().formatHex(random));
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), 1 << 16)) {
                writer.write(out);
            }
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
