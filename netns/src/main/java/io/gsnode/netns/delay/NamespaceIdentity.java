package io.gsnode.netns.delay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Which namespace a path names now: the nsfs device and inode behind it ({@code /run/netns/NAME}
 * is a bind mount of the namespace's inode, {@code /proc/PID/ns/net} a link to it). A namespace
 * that was deleted (or a process that ended) leaves no file; one deleted and made again under the
 * same name has another inode.
 */
record NamespaceIdentity(long device, long inode) {

    /** The identity behind {@code path} now, or empty when nothing is there. */
    static Optional<NamespaceIdentity> of(Path path) {
        try {
            Map<String, Object> a = Files.readAttributes(path, "unix:dev,ino");
            return Optional.of(new NamespaceIdentity(((Number) a.get("dev")).longValue(), ((Number) a.get("ino")).longValue()));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * What happened to a namespace that had this identity, seen as {@code now}: nothing (empty),
     * gone, or replaced by another. {@code ip netns del} unmounts the namespace before it unlinks
     * the mount point, so for a moment the path is a plain file on the directory's filesystem: a
     * path on another device than nsfs names no namespace, and counts as gone, not replaced.
     */
    Optional<String> changeTo(Optional<NamespaceIdentity> now) {
        if (now.isEmpty() || now.get().device != device) return Optional.of("is gone");
        if (now.get().inode != inode) return Optional.of("was replaced by another");
        return Optional.empty();
    }
}
