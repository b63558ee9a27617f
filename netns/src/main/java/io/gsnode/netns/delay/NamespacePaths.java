package io.gsnode.netns.delay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the switch finds node i's network namespace: by a path to its nsfs file. Either a directory
 * and a prefix ({@code /run/netns/gsn-TAG-} + i, what {@code ip netns add} makes), or an explicit
 * list (one path per node, in index order; for example {@code /proc/PID/ns/net}).
 */
public final class NamespacePaths {

    /** Where {@code ip netns add NAME} puts {@code NAME}. */
    public static final Path RUN_NETNS = Path.of("/run/netns");

    private NamespacePaths() {
    }

    /** {@code dir/prefix0 .. dir/prefix(n-1)}. */
    public static List<Path> prefixed(Path dir, String prefix, int n) {
        if (prefix.isEmpty() || prefix.contains("/")) {
            throw new IllegalArgumentException("a namespace prefix is a non-empty file name part, was '" + prefix + "'");
        }
        List<Path> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(dir.resolve(prefix + i));
        return out;
    }

    /**
     * The paths in {@code file}: one per line, line k for node k; blank lines and lines starting
     * with '#' are skipped. There must be exactly {@code n}.
     */
    public static List<Path> listed(Path file, int n) throws IOException {
        List<Path> out = new ArrayList<>(n);
        for (String line : Files.readAllLines(file)) {
            String s = line.strip();
            if (s.isEmpty() || s.startsWith("#")) continue;
            out.add(Path.of(s));
        }
        if (out.size() != n) {
            throw new IllegalArgumentException(file + " lists " + out.size() + " namespaces; the topology has " + n + " nodes");
        }
        return out;
    }
}
