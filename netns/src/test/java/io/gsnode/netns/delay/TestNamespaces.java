package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.formats.topology.IpPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Namespaces a test makes for itself, as the fabric makes them for a cell: node i in namespace
 * {@code gsdt-RANDOM-i} with a persistent TUN device gs0 holding {@code IpPlan.ipOf(i)/32}, up,
 * and a route for 10.0.0.0/8 through gs0. {@link #close} deletes every one of them, whatever
 * happened before.
 */
final class TestNamespaces implements AutoCloseable {

    static final String TUN = "gs0";
    private final String prefix;
    private final int n;
    private final List<String> made = new ArrayList<>();

    TestNamespaces(int n) throws IOException {
        this.n = n;
        byte[] tag = new byte[3];
        ThreadLocalRandom.current().nextBytes(tag);
        this.prefix = "gsdt-" + HexFormat.of().formatHex(tag) + "-";
        try {
            for (int i = 0; i < n; i++) {
                String ns = name(i);
                ip("netns", "add", ns);
                made.add(ns);
                ip("-n", ns, "link", "set", "lo", "up");
                ip("-n", ns, "tuntap", "add", "mode", "tun", "name", TUN);
                ip("-n", ns, "addr", "add", IpPlan.ipOf(i) + "/32", "dev", TUN);
                ip("-n", ns, "link", "set", TUN, "up");
                ip("-n", ns, "route", "add", "10.0.0.0/8", "dev", TUN);
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Skips the calling test unless TUN devices and network namespaces can be made here. */
    static void assumeAvailable() {
        Path tun = Path.of("/dev/net/tun");
        assumeTrue(Files.exists(tun), "skipped: no /dev/net/tun (no TUN support in this kernel or container)");
        assumeTrue(Files.isReadable(tun) && Files.isWritable(tun), "skipped: /dev/net/tun is not readable and writable by this user");
        String probe = "gsdt-probe-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        String problem = null;
        try {
            ip("netns", "add", probe);
            try {
                ip("-n", probe, "tuntap", "add", "mode", "tun", "name", TUN);
            } finally {
                ip("netns", "delete", probe);
            }
        } catch (IOException e) {
            problem = e.getMessage();
        }
        assumeTrue(problem == null, "skipped: cannot make a network namespace with a TUN device here (needs root or"
                + " CAP_NET_ADMIN + CAP_SYS_ADMIN, and iproute2): " + problem);
    }

    String name(int i) {
        return prefix + i;
    }

    String prefix() {
        return prefix;
    }

    Path path(int i) {
        return NamespacePaths.RUN_NETNS.resolve(name(i));
    }

    List<Path> paths() {
        return NamespacePaths.prefixed(NamespacePaths.RUN_NETNS, prefix, n);
    }

    /** Runs {@code ip -n NS args...} in node i's namespace. */
    void ipIn(int i, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("-n", name(i)));
        cmd.addAll(List.of(args));
        ip(cmd.toArray(String[]::new));
    }

    /** Runs {@code tc -n NS args...} in node i's namespace. */
    void tcIn(int i, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("tc", "-n", name(i)));
        cmd.addAll(List.of(args));
        run(cmd);
    }

    void deleteNamespace(int i) throws IOException {
        ip("netns", "delete", name(i));
    }

    @Override
    public void close() {
        for (String ns : made) {
            try {
                if (Files.exists(NamespacePaths.RUN_NETNS.resolve(ns))) ip("netns", "delete", ns);
            } catch (IOException e) {
                System.err.println("could not delete test namespace " + ns + ": " + e.getMessage());
            }
        }
        made.clear();
    }

    static void ip(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        run(cmd);
    }

    static void run(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + ": timed out");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", cmd) + ": interrupted", e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.exitValue() != 0) throw new IOException(String.join(" ", cmd) + ": exit " + p.exitValue() + ": " + out);
    }
}
