package io.gsnode.formats.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;

/**
 * A directory gsnode writes many files into by name (a cell's {@code nodes/}: logs, event copies,
 * records). gsnode runs as root for netns cells, and the output directory above may be writable
 * by another user: were {@code nodes} a link they planted, or a directory of theirs with links in
 * it, every node's log would be written where they chose. A directory made here is root's and
 * nobody else's to write in; one that was there must not be a link, and must be ours.
 */
public final class OwnDirectory {

    private OwnDirectory() {}

    /** {@code dir}, made if missing (its parents too), or refused with the reason. */
    public static Path prepare(Path dir) throws IOException {
        if (Files.isSymbolicLink(dir)) {
            throw new IOException(dir + " is a symbolic link: gsnode writes into no directory it did not make (remove it)");
        }
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) return Files.createDirectories(dir);
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) throw new IOException(dir + " is not a directory");
        UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal me = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(System.getProperty("user.name"));
        if (!owner.equals(me)) {
            throw new IOException(dir + " belongs to " + owner.getName() + ", not to " + me.getName()
                    + ": gsnode writes into no directory another user can change (remove it, or give another --out)");
        }
        return dir;
    }
}
