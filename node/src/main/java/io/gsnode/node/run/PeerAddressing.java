package io.gsnode.node.run;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;

/**
 * Where a node listens and where it finds its peers. On a fabric (netns, Shadow) every node owns
 * its topology address 10.a.b.c; on one host without namespaces (the local backend) node i owns
 * 127.a.b.c instead; where every node is a host of a cluster (a Kubernetes pod) the addresses are
 * the cluster's: the node listens on every interface and finds peer i under a name, for example
 * {@code gsnode-{i}.gsnode} (the pod's name under the cell's headless Service), resolved to IPv4
 * when it dials.
 *
 * @param template the name of node {i}, for {@link Mode#NAMED}; null otherwise
 */
public record PeerAddressing(Mode mode, String template) {

    public enum Mode { TOPOLOGY, LOOPBACK, NAMED }

    /** The placeholder a template carries for the node index. */
    public static final String INDEX = "{i}";

    /** How long a peer's name may take to resolve: a pod's DNS record can lag its start a little. */
    static final Duration RESOLVE_PATIENCE = Duration.ofSeconds(20);

    public static final PeerAddressing TOPOLOGY = new PeerAddressing(Mode.TOPOLOGY, null);
    public static final PeerAddressing LOOPBACK = new PeerAddressing(Mode.LOOPBACK, null);

    public PeerAddressing {
        if (mode == Mode.NAMED && (template == null || !template.contains(INDEX))) {
            throw new IllegalArgumentException("--peer-address must name node " + INDEX + ", e.g. gsnode-" + INDEX + ".gsnode; was '"
                    + template + "'");
        }
        if (mode != Mode.NAMED && template != null) throw new IllegalArgumentException("only named addressing has a template");
    }

    public static PeerAddressing named(String template) {
        return new PeerAddressing(Mode.NAMED, template);
    }

    /** The address a node with topology address {@code ip} listens on. */
    public String listenIp(String ip) {
        return switch (mode) {
            case TOPOLOGY -> ip;
            case LOOPBACK -> loopback(ip);
            case NAMED -> "0.0.0.0";
        };
    }

    /**
     * The IPv4 address to dial node {@code index} at, whose topology address is {@code ip}.
     *
     * @throws IOException when a named peer does not resolve to IPv4 within {@link #RESOLVE_PATIENCE}
     */
    public String peerIp(int index, String ip) throws IOException, InterruptedException {
        return switch (mode) {
            case TOPOLOGY -> ip;
            case LOOPBACK -> loopback(ip);
            case NAMED -> resolve(nameOf(index));
        };
    }

    /** Node {@code index}'s name under the template. */
    public String nameOf(int index) {
        return template.replace(INDEX, Integer.toString(index));
    }

    private static String loopback(String ip) {
        return "127." + ip.substring(ip.indexOf('.') + 1);
    }

    private static String resolve(String name) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + RESOLVE_PATIENCE.toNanos();
        do {
            Optional<String> ip = ipv4(name);
            if (ip.isPresent()) return ip.get();
            Thread.sleep(500);
        } while (System.nanoTime() - deadline < 0);
        throw new IOException("cannot resolve " + name + " to IPv4 within " + RESOLVE_PATIENCE.toSeconds() + " s");
    }

    /** {@code name}'s first IPv4 address, or empty while it does not resolve (gsnode dials IPv4). */
    public static Optional<String> ipv4(String name) {
        try {
            for (InetAddress a : InetAddress.getAllByName(name)) {
                if (a instanceof Inet4Address) return Optional.of(a.getHostAddress());
            }
        } catch (UnknownHostException e) {
            // Not yet: a pod has no record under its Service until it is scheduled.
        }
        return Optional.empty();
    }
}
