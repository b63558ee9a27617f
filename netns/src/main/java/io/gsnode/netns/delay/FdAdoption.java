package io.gsnode.netns.delay;

import com.sun.jna.LastErrorException;
import java.io.Closeable;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Gives a native file descriptor to Java's own I/O classes without reflection (so without
 * {@code --add-opens}): Java opens a fresh, uniquely named temporary file, the descriptor number
 * Java got for it is found in {@code /proc/self/fd}, and {@code dup3(2)} atomically makes that
 * number refer to the native descriptor's open file instead. From then on the Java stream and its
 * {@link java.nio.channels.FileChannel} read and write the native file (here a TUN device) with a
 * plain {@code read(2)}/{@code write(2)} per call and no native call of ours; closing the stream
 * closes the duplicate. The caller still owns and closes the native descriptor.
 */
final class FdAdoption {

    private static final Path PROC_FDS = Path.of("/proc/self/fd");

    private FdAdoption() {
    }

    /** A {@link FileInputStream} reading from a duplicate of {@code nativeFd}. */
    static FileInputStream input(int nativeFd) throws IOException {
        Path placeholder = Files.createTempFile("gsnode-fd-", ".placeholder");
        try {
            FileInputStream in = new FileInputStream(placeholder.toFile());
            adopt(in, placeholder, nativeFd);
            return in;
        } finally {
            Files.deleteIfExists(placeholder);
        }
    }

    /** A {@link FileOutputStream} writing to a duplicate of {@code nativeFd}. */
    static FileOutputStream output(int nativeFd) throws IOException {
        Path placeholder = Files.createTempFile("gsnode-fd-", ".placeholder");
        try {
            FileOutputStream out = new FileOutputStream(placeholder.toFile());
            adopt(out, placeholder, nativeFd);
            return out;
        } finally {
            Files.deleteIfExists(placeholder);
        }
    }

    private static void adopt(Closeable stream, Path placeholder, int nativeFd) throws IOException {
        try {
            int javaFd = descriptorOf(placeholder.toRealPath());
            LinuxLibc.C.dup3(nativeFd, javaFd, LinuxLibc.O_CLOEXEC);
        } catch (IOException | RuntimeException e) {
            stream.close();
            if (e instanceof LastErrorException le) {
                throw new IOException("dup3 onto a Java descriptor failed: " + LinuxLibc.describe(le), e);
            }
            throw e;
        }
    }

    /** The descriptor of this process that has {@code file} open (the placeholder is unique). */
    private static int descriptorOf(Path file) throws IOException {
        String target = file.toString();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(PROC_FDS)) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(target)) {
                        return Integer.parseInt(fd.getFileName().toString());
                    }
                } catch (IOException | NumberFormatException e) {
                    // a descriptor closed while we looked, or the directory stream's own: not ours
                }
            }
        }
        throw new IOException("found no descriptor for " + file + " in " + PROC_FDS
                + " (is /proc mounted?); the delay switch needs /proc/self/fd");
    }
}
