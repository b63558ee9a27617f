package io.gsnode.formats.record;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Which build of which implementation wrote a record or a cell (docs/records.md §5): a number in a
 * report is traceable to the code that produced it only if every file says so.
 *
 * @param name {@code gsnode} or {@code gopeer} (the interop go peer)
 * @param version gsnode's project version; the go peer's libp2p module versions
 * @param commit the git commit the build was made from, {@code unknown} outside a git checkout
 * @param dirty whether the checkout had changes beside that commit when it was built: the commit
 *     then names the build only approximately; null where it could not be told
 * @param runtime the JDK (or Go toolchain) the process ran on
 */
public record Build(String name, String version, String commit, Boolean dirty, String runtime) {

    public static final String GSNODE = "gsnode";
    public static final String UNKNOWN = "unknown";
    private static final Build THIS = read();

    /** The build this process runs: gsnode's, from the properties the Maven build wrote beside this class. */
    public static Build current() {
        return THIS;
    }

    /** The commit shortened to the 12 characters tables show, and {@code +dirty} where the tree had changes. */
    public String shortName() {
        String c = commit == null || commit.length() < 12 ? String.valueOf(commit) : commit.substring(0, 12);
        return c + (Boolean.TRUE.equals(dirty) ? "+dirty" : "");
    }

    private static Build read() {
        Properties p = new Properties();
        try (InputStream in = Build.class.getResourceAsStream("build.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            // An unreadable resource is an unknown build, not a reason to stop a node.
        }
        String commit = p.getProperty("git.commit.id", "");
        String dirty = p.getProperty("git.dirty", "");
        return new Build(GSNODE, p.getProperty("git.build.version", UNKNOWN), commit.isEmpty() ? UNKNOWN : commit,
                dirty.isEmpty() ? null : Boolean.valueOf(dirty), Runtime.version().toString());
    }
}
