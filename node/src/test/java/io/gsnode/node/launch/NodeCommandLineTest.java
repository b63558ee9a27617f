package io.gsnode.node.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.node.cli.RunCommand;
import io.gsnode.node.run.PeerAddressing;
import io.gsnode.node.run.Schedule;
import io.gsnode.transport.quic.QuicConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code gsnode run} reads back every launch {@link NodeCommandLine} writes. */
class NodeCommandLineTest {

    private static final Path TOPOLOGY = Path.of("/cells/c1/topology.json");
    private static final Schedule INSTANTS = schedule(1000, 10_000, 30_000, 8000);
    private static final RecordLabels LABELS = new RecordLabels("wholend_7_tcp_1048576_n16_home", "netns", "fq_codel", "netem", 2);

    private static Schedule schedule(long dial, long subscribe, long publish, long hold) {
        return new Schedule(0, Duration.ofMillis(dial), Duration.ofMillis(subscribe), Duration.ofMillis(publish), Duration.ofMillis(hold));
    }

    private static Workload workload(String arm, TransportChoice transport, List<String> gossip, Condition condition) {
        return Workload.of(arm, 1 << 20, transport, gossip, condition);
    }

    private static NodeLaunch launch(Workload w) {
        return NodeLaunch.of(TOPOLOGY, 3, w, INSTANTS, LABELS);
    }

    static Stream<NodeLaunch> launches() {
        Workload tcp = workload("wholend", TransportChoice.TCP, List.of(), Condition.COLD);
        QuicConfig tuned = QuicConfig.DEFAULT.withWindows(1 << 20, 2 << 20).withSocketBuffer(1 << 20)
                .withCongestionControl(QuicConfig.CongestionControl.BBR).withInitialWindowPackets(10).withMaxUdpPayload(1452)
                .withInitialStreamWindow(128 * 1024).withPacing(false);
        Workload nettyTuned = workload("atuned_32k", new TransportChoice.Quic(tuned), List.of("d=8"), Condition.COLD);
        // A stream window below quic-go's initial one lowers the initial window with it: nothing netty-only for Kwik.
        Workload kwik = workload("bfixed_32k",
                new TransportChoice.Quic(QuicConfig.DEFAULT.withEngine("kwik").withWindows(256 * 1024, 512 * 1024)), List.of(),
                Condition.COLD);
        Condition warm = new Condition(true, 4000L, 500, null, null, "all", "sibling");
        Condition background = new Condition(false, null, 1000, "8KiB@100ms", 12_000L, "0,2", "same");
        Condition both = new Condition(true, null, 1000, "16KiB@50ms", null, "all", "sibling");
        Workload ablation = workload("atuned_32k+SEGMENT_IWANT_DISCIPLINE_MS=300", new TransportChoice.Tcp(true),
                List.of("d=8", "d_lo=6"), warm);
        return Stream.of(
                launch(tcp),
                launch(nettyTuned),
                launch(kwik),
                launch(workload("wholend", TransportChoice.TCP, List.of(), warm)),
                launch(workload("wholend", TransportChoice.TCP, List.of(), background)),
                launch(workload("atuned_32k", new TransportChoice.Quic(QuicConfig.DEFAULT), List.of(), both)),
                launch(ablation),
                // Shadow: T0 given, the record where the host runs, no warm-up.
                new NodeLaunch(Path.of("../../../topology.json"), 0, nettyTuned, schedule(1000, 10_000, 60_000, 8000),
                        new EpochSource.AtMillis(946_684_800_000L), Path.of("record.json"),
                        new RecordLabels("c", "shadow", "fifo", "shadow", 0), 9000, 30_000, 16, PeerAddressing.TOPOLOGY, false, true, 2),
                // Local: on loopback, T0 from a file.
                new NodeLaunch(TOPOLOGY, 5, tcp, INSTANTS, new EpochSource.FromFile(Path.of("/tmp/cell/epoch")),
                        Path.of("/tmp/cell/nodes/node-5.json"), RecordLabels.DEFAULT, 9100, 20_000, 4, PeerAddressing.LOOPBACK,
                        true, false, 4),
                // Kubernetes: peers by name, T0 from the coordinator.
                new NodeLaunch(TOPOLOGY, 1, kwik, INSTANTS, new EpochSource.FromUrl(URI.create("http://gsnode-epoch:8080/epoch")),
                        Path.of("/records/record.json"), LABELS, 9000, 30_000, 16, PeerAddressing.named("gsnode-{i}.gsnode"),
                        true, false, 2));
    }

    @ParameterizedTest
    @MethodSource("launches")
    void runReadsBackWhatTheCommandLineSays(NodeLaunch launch) {
        List<String> args = NodeCommandLine.gsnodeRun(launch);
        assertEquals(launch, RunCommand.parse(args.toArray(String[]::new)), String.join(" ", args));
    }

    @Test
    void theMainClassIsRunCommands() {
        assertEquals(RunCommand.class.getName(), NodeCommandLine.MAIN_CLASS);
    }

    @Test
    void theArmTravelsByItsCatalogueName() {
        NodeLaunch alias = launch(workload("atuned", TransportChoice.TCP, List.of(), Condition.COLD));
        List<String> args = NodeCommandLine.gsnodeRun(alias);
        assertEquals("atuned_32k", args.get(args.indexOf("--arm") + 1));
    }

    @Test
    void theGoPeerGetsTheSharedOptionsOnly() {
        Condition warm = new Condition(true, null, 1000, null, null, "all", "sibling");
        QuicConfig netty = QuicConfig.DEFAULT.withInitialWindowPackets(10);
        NodeLaunch l = new NodeLaunch(TOPOLOGY, 0, workload("wholend", new TransportChoice.Quic(netty), List.of("d=8"), warm),
                INSTANTS, new EpochSource.AtMillis(5), null, LABELS, 9000, 30_000, 16, PeerAddressing.LOOPBACK, false, true, 2);
        List<String> go = NodeCommandLine.goPeerRun(l);
        assertEquals("run", go.get(0));
        for (String gsnodeOnly : List.of("--shadow", "--quic-engine", "--initial-window", "--no-jit-warmup", "--warmup")) {
            assertFalse(go.contains(gsnodeOnly), gsnodeOnly + " in " + go);
        }
        assertTrue(go.containsAll(List.of("--transport", "quic", "--epoch-ms", "5", "--loopback", "--gossip", "d=8")), go.toString());
        assertEquals(NodeCommandLine.gsnodeRun(l).subList(1, 7), go.subList(1, 7), "the same words, in the same order");
    }

    @Test
    void kwikWithNettyKnobsHasNoCommandLine() {
        QuicConfig kwik = QuicConfig.DEFAULT.withEngine("kwik").withCongestionControl(QuicConfig.CongestionControl.BBR);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TransportChoice.Quic(kwik));
        assertTrue(e.getMessage().startsWith("--congestion-control"), e.getMessage());
    }

    @Test
    void badValuesNameTheirOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunCommand.parse("--topology", "t.json", "--index", "0", "--gossip", "d8"));
        assertEquals("--gossip wants NAME=VALUE, got 'd8'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> RunCommand.parse("--topology", "t.json", "--index", "0", "--shadow", "--epoll"));
        assertTrue(e.getMessage().startsWith("--epoll is not for Shadow hosts"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> RunCommand.parse("--topology", "t.json", "--index", "0", "--epoch-ms", "1", "--epoch-file", "e"));
        assertEquals("give one of --epoch-ms, --epoch-file and --epoch-url", e.getMessage());
    }
}
