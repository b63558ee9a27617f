package io.gsnode.node.jvm;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.node.cli.PeerCommand;
import io.gsnode.node.cli.RunCommand;
import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.EpochSource;
import io.gsnode.node.launch.NodeCommandLine;
import io.gsnode.node.launch.NodeLaunch;
import io.gsnode.node.launch.RecordLabels;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.PeerAddressing;
import io.gsnode.node.run.Schedule;
import io.gsnode.transport.quic.QuicConfig;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine;

/**
 * The training run of the class-data cache: what a node does, in one JVM, so that the cache holds
 * the classes every node loads. Two {@code gsnode run} nodes (the real command, parsed by picocli)
 * run a small cell on loopback for each transport and QUIC engine and a segmented and a partial
 * arm, JIT warm-up included, and write their records; then two {@code gsnode peer}s (the interop
 * peer, which the benchmarks run) publish one message over TCP. Bounded by each cell's schedule
 * and the peers' {@code --seconds}.
 *
 * <p>Usage (by {@link ClassDataCache#create}): {@code java FLAGS -XX:AOTCacheOutput=F -cp JAR
 * io.gsnode.node.jvm.ClassDataTraining WORKDIR}.
 */
public final class ClassDataTraining {

    /** Every layer a cell can use, each once: both transports, both QUIC engines, a segmented and a partial arm. */
    private static final List<Cell> CELLS = List.of(
            new Cell("tcp", "atuned_32k", TransportChoice.TCP),
            new Cell("tcp", "bfixed_32k", TransportChoice.TCP),
            new Cell("quic-netty", "wholend", new TransportChoice.Quic(QuicConfig.DEFAULT.withEngine("netty"))),
            new Cell("quic-kwik", "wholend", new TransportChoice.Quic(QuicConfig.DEFAULT.withEngine("kwik"))));

    private static final int PAYLOAD = 128 * 1024;
    private static final long LISTENER_KEY = 900;
    /** Short instants: the run is there to load and link classes, and {@code ./gsnode} waits for it once per jar. */
    private static final long LEAD_MS = 2000, SUBSCRIBE_MS = 1000, PUBLISH_MS = 2000, HOLD_MS = 800;

    /** One training cell; {@code name} prefixes its records. */
    private record Cell(String name, String arm, TransportChoice transport) {}

    private ClassDataTraining() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: ClassDataTraining WORKDIR");
            System.exit(2);
        }
        Path work = Path.of(args[0]);
        Path topology = work.resolve("topology.json");
        Files.writeString(topology, twoNodeTopology(), StandardCharsets.UTF_8);
        // The cells run side by side, each on a port of its own: their instants are most of the
        // run, and ./gsnode waits for it once per jar (the node-it tests once per build).
        ExecutorService nodes = Executors.newFixedThreadPool(2 * CELLS.size() + 2);
        Set<Integer> ports = new HashSet<>();
        List<Future<Integer>> exits = new ArrayList<>();
        EpochSource epoch = new EpochSource.AtMillis(System.currentTimeMillis() + LEAD_MS);
        for (Cell cell : CELLS) {
            int port = freePort();
            while (!ports.add(port)) port = freePort();
            Workload workload = Workload.of(cell.arm(), PAYLOAD, cell.transport(), List.of(), Condition.COLD);
            for (int i = 0; i < 2; i++) {
                NodeLaunch launch = new NodeLaunch(topology, i, workload, Schedule.offsets(0, SUBSCRIBE_MS, PUBLISH_MS, HOLD_MS),
                        epoch, work.resolve(cell.name() + "-" + cell.arm() + "-node" + i + ".json"), RecordLabels.DEFAULT, port,
                        NodeLaunch.DEFAULT_DIAL_TIMEOUT_MS, NodeLaunch.DEFAULT_DIAL_SLOTS, PeerAddressing.LOOPBACK, true, false,
                        NodeLaunch.DEFAULT_IO_THREADS);
                String[] a = NodeCommandLine.gsnodeRun(launch).toArray(String[]::new);
                exits.add(nodes.submit(() -> new CommandLine(new RunCommand()).execute(a)));
            }
        }
        int peerPort = freePort();
        while (!ports.add(peerPort)) peerPort = freePort();
        exits.addAll(peerExchange(nodes, peerPort));
        int failures = 0;
        for (Future<Integer> exit : exits) {
            if (exit.get() != 0) failures++;
        }
        nodes.shutdown();
        // A failed cell still trained what it loaded; say so, but the cache is worth keeping.
        System.err.println("training: " + CELLS.size() + " cells and a peer exchange, " + failures + " processes exited non-zero");
        System.exit(0);
    }

    /** A listening and a dialling interop peer, one 64 KiB message between them, started on {@code peers}. */
    private static List<Future<Integer>> peerExchange(ExecutorService peers, int port) throws InterruptedException {
        PeerId listener = PeerId.fromPubKey(Ed25519.fromIndex(LISTENER_KEY).publicKey());
        String addr = "/ip4/127.0.0.1/tcp/" + port;
        List<String[]> runs = List.of(
                new String[] {"--key-seed", Long.toString(LISTENER_KEY), "--listen", addr, "--subscribe", "t", "--seconds", "3"},
                new String[] {"--key-seed", Long.toString(LISTENER_KEY + 1), "--listen", "/ip4/127.0.0.1/tcp/0",
                        "--dial", addr + "/p2p/" + listener, "--subscribe", "t", "--publish", "t", "--size", "65536",
                        "--after", "1200", "--seconds", "0.5"});
        List<Future<Integer>> exits = new ArrayList<>();
        for (String[] args : runs) {
            exits.add(peers.submit(() -> new CommandLine(new PeerCommand()).execute(args)));
            Thread.sleep(500); // the listener first
        }
        return exits;
    }

    /** A port free for TCP and UDP on both loopback addresses the two nodes use. */
    private static int freePort() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
                port = s.getLocalPort();
            }
            if (free(port, "127.0.0.1") && free(port, "127.0.0.2")) return port;
        }
        throw new IOException("no free port on 127.0.0.1 and 127.0.0.2");
    }

    private static boolean free(int port, String ip) {
        try (ServerSocket t = new ServerSocket(port, 1, InetAddress.getByName(ip));
             DatagramSocket u = new DatagramSocket(port, InetAddress.getByName(ip))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Two home nodes, one edge, 20 ms apart: the smallest gsnode.topology/1 file. */
    static String twoNodeTopology() {
        return """
                {"schema":"gsnode.topology/1","n":2,"seed":7,"degree":1,"latency_model":"geo","scenario":"home","publisher":0,
                 "nodes":[{"index":0,"ip":"10.0.0.1","region":"eu","class":"home","up_bps":50000000,"down_bps":100000000},
                          {"index":1,"ip":"10.0.0.2","region":"eu","class":"home","up_bps":50000000,"down_bps":100000000}],
                 "edges":[[0,1]],"latency_us":[1000,20000,20000,1000]}
                """;
    }
}
