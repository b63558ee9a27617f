package io.gsnode.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.gsnode.node.peer.PeerCommand;
import io.gsnode.node.peer.PeerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode demo}: a few nodes on loopback, one process each. A hub listens on TCP and QUIC;
 * the others dial it, alternating TCP + Noise + yamux and QUIC + TLS, then identify, ping,
 * transfer and echo, and the demo prints what each measured. Exit 0 only if every step of every
 * node succeeded.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Runs a small libp2p network on loopback (one process per node) and reports what it measured."})
public final class DemoCommand implements Callable<Integer> {

    @Option(names = "--nodes", description = "Nodes including the hub (default: ${DEFAULT-VALUE}).")
    int nodes = 4;

    @Option(names = "--bytes", description = "Bytes each node transfers to the hub (default: ${DEFAULT-VALUE}).")
    long bytes = 16L << 20;

    @Option(names = "--pings", description = "Pings each node sends the hub (default: ${DEFAULT-VALUE}).")
    int pings = 10;

    private static final Duration STEP = Duration.ofSeconds(60);

    @Override
    public Integer call() throws Exception {
        if (nodes < 2) throw new IllegalArgumentException("--nodes must be at least 2, was " + nodes);
        System.out.printf("gsnode demo: %d nodes on 127.0.0.1, one JVM each, dialing over TCP + Noise + yamux and QUIC + TLS%n", nodes);
        List<PeerProcess> started = new ArrayList<>();
        try (PeerProcess hub = PeerProcess.start("node0",
                peer("--key-seed", "0", "--listen", "/ip4/127.0.0.1/tcp/0", "--listen", "/ip4/127.0.0.1/udp/0/quic-v1"))) {
            started.add(hub);
            JsonNode hubAddrs = hub.await("listening", STEP).path("addrs");
            System.out.println("node0 (hub) listening on " + hubAddrs.get(0).asText() + " and " + hubAddrs.get(1).asText());
            for (int i = 1; i < nodes; i++) {
                String hubAddr = hubAddrs.get((i - 1) % 2).asText();
                started.add(PeerProcess.start("node" + i, peer("--key-seed", Integer.toString(i), "--dial", hubAddr,
                        "--ping", Integer.toString(pings), "--send", Long.toString(bytes), "--echo", Long.toString(1 << 20),
                        "--seconds", "0")));
            }
            boolean ok = true;
            System.out.printf("%n%-6s %-54s %-12s %-10s %-14s %-8s%n", "node", "peer id", "security", "ping p50", "transfer", "echo");
            for (PeerProcess p : started.subList(1, started.size())) {
                int status = p.waitFor(STEP.multipliedBy(2));
                ok &= status == 0 && report(p);
            }
            hub.terminate();
            hub.waitFor(STEP);
            long received = hub.all("received").stream().filter(e -> e.path("bytes").asLong() == bytes).count();
            System.out.printf("%nnode0 received %d of %d transfers intact; %d protocol errors%n", received, nodes - 1,
                    hub.all("protocol_error").size());
            ok &= received == nodes - 1;
            System.out.printf("(%d cold JVMs on %d cores: these figures show the stack at work, they are not benchmarks; "
                    + "bench/ has those)%n", nodes, Runtime.getRuntime().availableProcessors());
            System.out.println(ok ? "demo: OK" : "demo: FAILED (see above)");
            return ok ? 0 : 1;
        } finally {
            for (PeerProcess p : started) p.close();
        }
    }

    private boolean report(PeerProcess p) {
        List<JsonNode> connected = p.all("connected");
        List<JsonNode> rtts = p.all("ping");
        List<JsonNode> sent = p.all("sent");
        List<JsonNode> echo = p.all("echo");
        String peerId = p.all("listening").isEmpty() ? "?" : p.all("listening").get(0).path("peer_id").asText();
        String security = connected.isEmpty() ? "-" : connected.get(0).path("security").asText() + "/" + connected.get(0).path("muxer").asText();
        double p50 = rtts.stream().mapToDouble(e -> e.path("rtt_ms").asDouble()).sorted().skip(rtts.size() / 2).findFirst().orElse(Double.NaN);
        String transfer = sent.isEmpty() || !sent.get(0).path("match").asBoolean() ? "FAILED"
                : String.format(Locale.ROOT, "%.0f MB/s", sent.get(0).path("bytes").asDouble() / 1e3 / sent.get(0).path("ms").asDouble());
        String echoed = echo.isEmpty() || !echo.get(0).path("ok").asBoolean() ? "FAILED" : "ok";
        System.out.printf(Locale.ROOT, "%-6s %-54s %-12s %-10s %-14s %-8s%n", p.name(), peerId, security,
                String.format(Locale.ROOT, "%.2f ms", p50), transfer, echoed);
        for (JsonNode e : p.all("error")) System.out.println("       error: " + e.path("what").asText());
        return !transfer.equals("FAILED") && echoed.equals("ok") && rtts.size() == pings;
    }

    /** The command line of a peer process running this same jar on this same JVM. */
    private static List<String> peer(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xss512k");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(PeerCommand.class.getName());
        command.addAll(List.of(args));
        return command;
    }
}
