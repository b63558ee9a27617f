package io.gsnode.netns.fabric;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The unprivileged mode: a user without root runs the whole fabric inside a user namespace of its
 * own ({@code unshare -Urnm}), where it is root over namespaces it creates. The command re-runs
 * itself there, with a private {@code /run/netns} so {@code ip netns} works; every namespace it
 * made disappears with it.
 */
public final class UserNamespace {

    /** Set in the re-run process, so it does not re-run itself again. */
    static final String INSIDE = "GSNODE_USERNS";

    private UserNamespace() {
    }

    /** Whether this process runs with uid 0 (real root, or root of a user namespace). */
    public static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) return line.split("\\s+")[2].equals("0");
            }
        } catch (IOException e) {
            // No /proc: not Linux, and the fabric cannot be built anyway.
        }
        return false;
    }

    /** Whether this process is the re-run inside the user namespace. */
    public static boolean inside() {
        return System.getenv(INSIDE) != null;
    }

    /**
     * Runs this very command again inside a new user, network and mount namespace and returns its
     * exit code. The caller returns that code without doing anything itself.
     */
    public static int rerunInside() throws IOException, InterruptedException {
        ProcessHandle.Info info = ProcessHandle.current().info();
        List<String> self = new ArrayList<>();
        self.add(info.command().orElseThrow(() -> new IOException("cannot tell which java runs this process")));
        self.addAll(List.of(info.arguments().orElseThrow(() -> new IOException("cannot read this process's arguments"))));
        ProcessBuilder pb = new ProcessBuilder(command(self)).inheritIO();
        pb.environment().put(INSIDE, "1");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IOException("cannot run unshare (util-linux) for the unprivileged mode: " + e.getMessage(), e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroy));
        return p.waitFor();
    }

    /** {@code inner} wrapped so that it runs in a new user, network and mount namespace with a private {@code /run/netns}. */
    public static List<String> command(List<String> inner) {
        List<String> cmd = new ArrayList<>(List.of("unshare", "-Urnm", "--propagation", "private", "--", "/bin/sh", "-c",
                // /run/netns may not exist and an unprivileged user cannot create it: a tmpfs over /run then.
                "if [ -d /run/netns ]; then mount -t tmpfs gsnode /run/netns; else mount -t tmpfs gsnode /run && mkdir /run/netns; fi"
                        + " && exec \"$@\"", "gsnode-userns"));
        cmd.addAll(inner);
        return cmd;
    }
}
