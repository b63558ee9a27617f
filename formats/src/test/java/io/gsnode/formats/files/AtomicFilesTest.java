package io.gsnode.formats.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    /** Records, summaries and tables are shared: they get what any new file gets here, not owner-only. */
    @Test
    void aWrittenFileHasTheUsualPermissionsNotOwnerOnly() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        Path written = dir.resolve("sub").resolve("written.txt");
        AtomicFiles.writeString(written, "hello\n");
        assertEquals("hello\n", Files.readString(written));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
    }

    @Test
    void replacesTheTargetWholeAndLeavesNoTemporaryFileBehind() throws Exception {
        Path target = dir.resolve("t.json");
        AtomicFiles.writeString(target, "first");
        AtomicFiles.writeString(target, "second");
        assertEquals("second", Files.readString(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList());
        }
        // A writer that fails leaves the old file as it was, and no temporary file.
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(target, out -> {
            out.write("half".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals("second", Files.readString(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    /**
     * Issue 43 #11: gsnode runs as root for netns cells and its output directory may be writable by
     * someone else, who plants a link where a script or record will go. The file that the link
     * points at is never written: the link itself is replaced by the new file.
     */
    @Test
    void aLinkPlantedAtTheTargetIsReplacedNotWrittenThrough() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim"), "root's file\n");
        Path out = Files.createDirectories(dir.resolve("out"));
        Path planted = Files.createSymbolicLink(out.resolve("up.sh"), victim);

        AtomicFiles.writeString(planted, "#!/bin/sh\n");

        assertEquals("root's file\n", Files.readString(victim));
        assertEquals(false, Files.isSymbolicLink(out.resolve("up.sh")));
        assertEquals("#!/bin/sh\n", Files.readString(out.resolve("up.sh")));
    }
}
