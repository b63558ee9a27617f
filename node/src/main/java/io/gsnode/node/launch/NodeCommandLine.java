package io.gsnode.node.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a node, the one place it is written: {@code gsnode run}'s options for a
 * {@link NodeLaunch}, which {@link io.gsnode.node.cli.RunCommand#parse} reads back into the same
 * launch, and the interop go peer's {@code run}, which takes the same options less gsnode's own.
 * Every backend (the local and netns runner, the Shadow and Kubernetes generators) starts its nodes
 * with these words after the executable and the JVM's.
 */
public final class NodeCommandLine {

    /**
     * The JVM main class of {@code gsnode run}, named here so that the runners need not import the
     * command layer; a test holds it to the class's name.
     */
    public static final String MAIN_CLASS = "io.gsnode.node.cli.RunCommand";

    private NodeCommandLine() {}

    /** {@code gsnode run}'s options for {@code launch}. */
    public static List<String> gsnodeRun(NodeLaunch launch) {
        return args(launch, true);
    }

    /**
     * The go peer's command line after its executable: {@code run} and gsnode run's options less
     * gsnode's own (no {@code --shadow}, no JIT warm-up, no QUIC engine knobs, no condition, no
     * epoll or event-loop threads: the go peer runs cold cells with its own transports).
     */
    public static List<String> goPeerRun(NodeLaunch launch) {
        List<String> a = new ArrayList<>(List.of("run"));
        a.addAll(args(launch, false));
        return a;
    }

    private static List<String> args(NodeLaunch l, boolean gsnode) {
        Workload w = l.workload();
        List<String> a = new ArrayList<>();
        if (gsnode && l.shadow()) a.add("--shadow");
        a.addAll(List.of("--topology", l.topology().toString(), "--index", Integer.toString(l.index()),
                "--arm", w.armName(), "--payload", Integer.toString(w.payloadBytes()),
                "--transport", w.transport().transport().toString()));
        if (gsnode && w.transport() instanceof TransportChoice.Quic q) a.addAll(QuicFlags.of(q.config()));
        if (l.epoch() != null) a.addAll(l.epoch().args());
        a.addAll(List.of("--dial-at", Long.toString(l.instants().dialAt().toMillis()),
                "--subscribe-at", Long.toString(l.instants().subscribeAt().toMillis()),
                "--publish-at", Long.toString(l.instants().publishAt().toMillis()),
                "--hold", Long.toString(l.instants().hold().toMillis()),
                "--dial-timeout", Long.toString(l.dialTimeoutMs()), "--dial-slots", Integer.toString(l.dialSlots()),
                "--port", Integer.toString(l.port())));
        switch (l.addressing().mode()) {
            case LOOPBACK -> a.add("--loopback");
            case NAMED -> a.addAll(List.of("--peer-address", l.addressing().template()));
            case TOPOLOGY -> { }
        }
        if (l.record() != null) a.addAll(List.of("--record", l.record().toString()));
        RecordLabels r = l.labels();
        a.addAll(List.of("--cell", r.cell(), "--backend", r.backend(), "--queue", r.queue(), "--delay", r.delay(),
                "--run", Integer.toString(r.run())));
        if (gsnode && !l.jitWarmup()) a.add("--no-jit-warmup");
        for (String g : w.gossip()) a.addAll(List.of("--gossip", g));
        if (gsnode) {
            a.addAll(w.condition().args());
            if (w.transport() instanceof TransportChoice.Tcp t && t.epoll()) a.add("--epoll");
            if (l.ioThreads() != NodeLaunch.DEFAULT_IO_THREADS) a.addAll(List.of("--io-threads", Integer.toString(l.ioThreads())));
        }
        return a;
    }
}
