package io.gsnode.k8s.pods;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.k8s.manifest.PodLayout;
import io.gsnode.k8s.manifest.PodRuntime;
import io.gsnode.netns.fabric.Commands;
import io.gsnode.netns.fabric.Fabrics;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.UserNamespace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * Network namespaces standing in for a cell's pods on a cluster network: pod i ({@code gsnode-i})
 * has an {@code eth0} on a bridge, with a cluster address unrelated to the topology's, and
 * answers to {@code gsnode-i.gsnode} through the hosts file {@code ip netns exec} gives it (a
 * headless Service's DNS, in small); one more namespace is the coordinator's pod
 * ({@code gsnode-epoch}). The network itself is not shaped: each pod shapes its own links.
 */
final class PodNetwork implements AutoCloseable {

    /** Cluster addresses: a pod CIDR of our own, nothing like the topology's 10.0.0.x. */
    static String podIp(int index) {
        return "10.244.0." + (10 + index);
    }

    static final String EPOCH_IP = "10.244.0.250";

    private final String tag = "k" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 24), 36);
    private final int pods;
    private final List<String> made = new ArrayList<>();
    final Set<KernelFeature> kernel;

    /** Builds the network; the calling test is skipped where namespaces or /etc/netns cannot be made. */
    PodNetwork(int pods) throws IOException {
        kernel = Fabrics.requireNamespaces();
        assumeTrue(UserNamespace.isRoot() && Files.isWritable(Path.of("/etc")),
                "pods in namespaces need root: ip netns exec gives each its hosts file from /etc/netns");
        this.pods = pods;
        try {
            build();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    String cluster() {
        return "gsc-" + tag;
    }

    String namespace(int index) {
        return "gsp-" + tag + "-" + index;
    }

    String epochNamespace() {
        return "gsp-" + tag + "-e";
    }

    private void build() throws IOException {
        run("ip", "netns", "add", cluster());
        made.add(cluster());
        run("ip", "-n", cluster(), "link", "add", "br0", "type", "bridge");
        run("ip", "-n", cluster(), "link", "set", "br0", "up");
        StringBuilder hosts = new StringBuilder("127.0.0.1 localhost\n");
        for (int i = 0; i < pods; i++) hosts.append(podIp(i)).append(' ').append(PodLayout.pod(i)).append('.').append(PodLayout.SERVICE).append('\n');
        hosts.append(EPOCH_IP).append(' ').append(PodLayout.EPOCH).append('\n');
        for (int i = 0; i <= pods; i++) {
            String ns = i < pods ? namespace(i) : epochNamespace();
            String ip = i < pods ? podIp(i) : EPOCH_IP;
            run("ip", "netns", "add", ns);
            made.add(ns);
            run("ip", "-n", ns, "link", "add", "eth0", "type", "veth", "peer", "name", "v" + i, "netns", cluster());
            run("ip", "-n", cluster(), "link", "set", "v" + i, "master", "br0");
            run("ip", "-n", cluster(), "link", "set", "v" + i, "up");
            run("ip", "-n", ns, "link", "set", "lo", "up");
            run("ip", "-n", ns, "addr", "add", ip + "/16", "dev", "eth0");
            run("ip", "-n", ns, "link", "set", "eth0", "up");
            Path etc = Files.createDirectories(Path.of("/etc/netns", ns));
            Files.writeString(etc.resolve("hosts"), hosts);
        }
    }

    /**
     * {@code sh -c SCRIPT} inside pod {@code index}'s namespace with the pod's host name, as the
     * container would run it; {@code index} -1 is the coordinator's pod.
     */
    Process shell(int index, String script, Path log) throws IOException {
        return start(index, List.of("sh", "-c", script), log);
    }

    /** {@code command} inside a pod's namespace, output to {@code log}. */
    Process start(int index, List<String> command, Path log) throws IOException {
        String ns = index < 0 ? epochNamespace() : namespace(index);
        List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", ns, "env",
                "HOSTNAME=" + (index < 0 ? PodLayout.EPOCH + "-x1" : PodLayout.pod(index))));
        c.addAll(command);
        return new ProcessBuilder(c).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /**
     * The runtime of a pod whose volumes are directories: the parts in {@code partsDir}, records
     * in {@code podDir} and the working directory in its {@code cell}; gsnode on this class path.
     */
    static PodRuntime runtime(Path partsDir, Path podDir) throws IOException {
        Files.createDirectories(podDir.resolve("cell"));
        String java = ProcessHandle.current().info().command().orElse("java");
        return new PodRuntime(java, List.of("-cp", System.getProperty("java.class.path"), GsnodeStandIn.class.getName()),
                partsDir.toString(), podDir.resolve("cell").toString(), podDir.toString());
    }

    private static void run(String... command) throws IOException {
        Commands.Result r = Commands.run(List.of(command), null);
        if (!r.ok()) throw new IOException(String.join(" ", command) + " failed: " + r.output());
    }

    @Override
    public void close() throws IOException {
        for (String ns : made) {
            Commands.run(List.of("ip", "netns", "delete", ns), null);
            Path etc = Path.of("/etc/netns", ns);
            if (Files.exists(etc)) {
                try (Stream<Path> s = Files.walk(etc)) {
                    for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
                }
            }
        }
    }
}
