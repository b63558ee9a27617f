package io.gsnode.node.cli;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.topology.LocalTopology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.node.launch.EpochSource;
import io.gsnode.node.launch.NodeCommandLine;
import io.gsnode.node.launch.NodeLaunch;
import io.gsnode.node.launch.RecordLabels;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.peer.EventLog;
import io.gsnode.node.run.BackgroundLoad;
import io.gsnode.node.run.FatalExit;
import io.gsnode.node.run.NodeDaemon;
import io.gsnode.node.run.NodeSettings;
import io.gsnode.node.run.PeerAddressing;
import io.gsnode.node.run.Schedule;
import io.gsnode.node.run.ShadowSafety;
import io.gsnode.node.run.Transport;
import io.gsnode.node.run.WarmupPlan;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.tcp.TcpConfig;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gsnode run}: one node of a cell. Progress goes to stdout as JSON lines; the record goes
 * to {@code --record} (written atomically at the end of the hold, or at a signal), or to stdout as
 * the last line. A broken topology or an index out of range exits 2 before any socket opens.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run one node of a cell: dial, subscribe, publish (node 0), hold, write the record.",
                "Instants are absolute: --epoch-ms plus the offsets, so every node acts at the same moments."})
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--topology", required = true, paramLabel = "FILE", description = "A gsnode.topology/1 file.")
    Path topology;

    @Option(names = "--index", required = true, paramLabel = "I", description = "This node's index in the topology.")
    int index;

    @CommandLine.Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Option(names = "--epoch-ms", paramLabel = "T0", description = "Epoch milliseconds the instants count from (default: process start).")
    Long epochMs;

    @Option(names = "--epoch-file", paramLabel = "PATH",
            description = "Read T0 from this file once listening (written by the local runner when all nodes are up).")
    Path epochFile;

    @Option(names = "--epoch-url", paramLabel = "URL",
            description = "Ask T0 of this epoch coordinator once listening (gsnode k8s coordinator; where nodes share no files).")
    URI epochUrl;

    @CommandLine.Mixin
    ScheduleOptions instants = ScheduleOptions.defaults();

    @Option(names = "--dial-timeout", converter = Units.Millis.class, paramLabel = "MS", description = "Give up on an edge after this long, or at the subscribe instant if later (default: ${DEFAULT-VALUE}).")
    long dialTimeout = 30_000;

    @Option(names = "--dial-slots", paramLabel = "N", description = "Handshakes in flight at once (default: ${DEFAULT-VALUE}).")
    int dialSlots = 16;

    @Option(names = "--port", paramLabel = "P", description = "TCP or UDP port every node listens on (default: ${DEFAULT-VALUE}).")
    int port = 9000;

    @Option(names = "--loopback", description = "Listen and dial on 127.a.b.c instead of the topology's 10.a.b.c (the local backend).")
    boolean loopback;

    @Option(names = "--peer-address", paramLabel = "TEMPLATE",
            description = {"Listen on every interface and dial node i at this name with {i} replaced by i, resolved to IPv4"
                    + " when dialling (a cluster's addresses, e.g. gsnode-{i}.gsnode under a Kubernetes headless Service)."})
    String peerAddress;

    @Option(names = "--record", paramLabel = "PATH", description = "Write the record here (default: stdout, last line).")
    Path record;

    @Option(names = "--cell", paramLabel = "NAME", description = "Cell label for the record (default: ${DEFAULT-VALUE}).")
    String cell = "cell";

    @Option(names = "--backend", paramLabel = "NAME", description = "local, netns, shadow or k8s, for the record (default: ${DEFAULT-VALUE}).")
    String backend = "local";

    @Option(names = "--queue", paramLabel = "NAME", description = "Queue discipline of the fabric, for the record (default: ${DEFAULT-VALUE}).")
    String queue = "none";

    @Option(names = "--delay", paramLabel = "NAME", description = "How pair latency is applied, for the record (default: ${DEFAULT-VALUE}).")
    String delay = "none";

    @Option(names = "--run", paramLabel = "R", description = "Repetition number, for the record (default: ${DEFAULT-VALUE}).")
    int run;

    @Option(names = "--io-threads", paramLabel = "N", description = "Netty event-loop threads (default: ${DEFAULT-VALUE}).")
    int ioThreads = 2;

    @Option(names = "--epoll", description = {"TCP on Linux epoll instead of NIO: the record then carries each connection's"
            + " congestion window from tcp_info (NIO cannot read it). Not under Shadow (default: off)."})
    boolean epoll;

    @Mixin
    ConditionOptions condition = new ConditionOptions();

    @Option(names = "--jit-warmup", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = {"Warm the JIT up before the publish instant: the node's arm publishes its payload between two"
                    + " in-process nodes over in-memory connections (no network traffic), so that compilations do not"
                    + " fall in the delivery window; the record's jit_warmup field says what it did (default: on)."})
    boolean jitWarmup = true;

    @Mixin
    CryptoOption crypto = new CryptoOption();

    @Option(names = "--shadow", description = {"Run as a Shadow host (set by gsnode shadow): TCP on NIO, no interface"
            + " enumeration, IPv4 only, QUIC datagrams that fit Shadow's token buckets; the record says backend shadow."})
    boolean shadow;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RunCommand()).execute(args));
    }

    /**
     * The launch {@code args} describe, as {@code gsnode run} reads them; the inverse of
     * {@link NodeCommandLine#gsnodeRun}.
     *
     * @throws CommandLine.ParameterException for arguments picocli refuses
     * @throws IllegalArgumentException for a bad value or combination, naming the option
     */
    public static NodeLaunch parse(String... args) {
        RunCommand c = new RunCommand();
        new CommandLine(c).parseArgs(args);
        return c.launch();
    }

    @Override
    public Integer call() throws Exception {
        NodeLaunch launch;
        try {
            launch = launch();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        FatalExit.install();
        // Before anything can create a Netty channel or a JDK socket (see ShadowSafety).
        if (launch.shadow()) ShadowSafety.applyProcessProperties(launch.index());
        NodeSettings settings;
        try {
            settings = settings(launch, System.currentTimeMillis());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        String cryptoProblem = crypto.apply();
        if (cryptoProblem != null) {
            System.err.println("gsnode run: " + cryptoProblem);
            return 2;
        }
        LocalTopology topo;
        try {
            topo = TopologyReader.readLocal(launch.topology(), launch.index());
        } catch (IOException | IllegalArgumentException e) {
            // One line and exit 2, before any socket opens: a cell runner shows it as it is.
            System.err.println("gsnode run: " + launch.topology() + ": " + e.getMessage());
            return 2;
        }
        if (launch.shadow() && settings.transport() == Transport.QUIC) {
            String problem = ShadowSafety.datagramProblem(settings.quic(), topo.self());
            if (problem != null) {
                System.err.println("gsnode run: --shadow: " + problem);
                return 2;
            }
        }
        EventLog events = new EventLog(System.out);
        NodeDaemon daemon = new NodeDaemon(settings, topo, events);
        Thread main = Thread.currentThread();
        for (String name : List.of("TERM", "INT")) {
            sun.misc.Signal.handle(new sun.misc.Signal(name), s -> {
                daemon.terminate();
                main.interrupt();
            });
        }
        NodeRecord r = daemon.run();
        daemon.write(r);
        return 0;
    }

    /** The options as one launch, checked. */
    private NodeLaunch launch() {
        if ((epochMs != null ? 1 : 0) + (epochFile != null ? 1 : 0) + (epochUrl != null ? 1 : 0) > 1) {
            throw new IllegalArgumentException("give one of --epoch-ms, --epoch-file and --epoch-url");
        }
        if (loopback && peerAddress != null) throw new IllegalArgumentException("give --loopback or --peer-address, not both");
        EpochSource epoch = epochMs != null ? new EpochSource.AtMillis(epochMs)
                : epochFile != null ? new EpochSource.FromFile(epochFile)
                : epochUrl != null ? new EpochSource.FromUrl(epochUrl) : null;
        PeerAddressing addressing = peerAddress != null ? PeerAddressing.named(peerAddress)
                : loopback ? PeerAddressing.LOOPBACK : PeerAddressing.TOPOLOGY;
        return new NodeLaunch(topology, index, workload.toWorkload(epoll, condition.toCondition()), instants.from(0), epoch, record,
                new RecordLabels(cell, backend, queue, delay, run), port, dialTimeout, dialSlots, addressing, jitWarmup, shadow,
                ioThreads);
    }

    /** What the daemon runs: the launch with T0 fixed ({@code nowMs} where none is given) and its condition checked. */
    private static NodeSettings settings(NodeLaunch l, long nowMs) {
        Workload w = l.workload();
        long t0 = l.epoch() instanceof EpochSource.AtMillis at ? at.epochMs() : nowMs;
        Schedule schedule = l.instants().withEpoch(t0);
        long subscribeAt = schedule.subscribeAt().toMillis(), publishAt = schedule.publishAt().toMillis();
        WarmupPlan warmup = w.condition().warmupPlan(subscribeAt, publishAt);
        BackgroundLoad background = w.condition().backgroundLoad(subscribeAt, publishAt + schedule.hold().toMillis());
        TcpConfig tcp = TcpConfig.DEFAULT.withIoThreads(l.ioThreads())
                .withEpoll(w.transport() instanceof TransportChoice.Tcp t && t.epoll());
        QuicConfig quic = w.transport() instanceof TransportChoice.Quic q ? q.config() : QuicConfig.DEFAULT;
        String backend = l.labels().backend();
        if (l.shadow()) {
            tcp = ShadowSafety.tcpUnderShadow(tcp);
            // The record names the backend the node really ran on unless the runner said otherwise.
            if ("local".equals(backend)) backend = "shadow";
        }
        Path epochFile = l.epoch() instanceof EpochSource.FromFile f ? f.file() : null;
        URI epochUrl = l.epoch() instanceof EpochSource.FromUrl u ? u.url() : null;
        RecordLabels r = l.labels();
        return new NodeSettings(l.index(), w.arm(), w.payloadBytes(), w.gossipConfig(), w.transport().transport(), tcp, quic,
                schedule, epochFile, epochUrl, Duration.ofMillis(l.dialTimeoutMs()), l.dialSlots(), l.port(), l.addressing(),
                l.record(), r.cell(), backend, r.queue(), r.delay(), r.run(), l.jitWarmup(), warmup, background);
    }
}
