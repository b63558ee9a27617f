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
}
