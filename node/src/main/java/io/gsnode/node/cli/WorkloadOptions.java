package io.gsnode.node.cli;

import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Transport;
import io.gsnode.transport.quic.QuicConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every node of a cell runs, as {@code gsnode run}, {@code gsnode cell} and
 * {@code gsnode shadow} take it (a picocli mixin): the arm, the payload, the transport with its
 * QUIC knobs, and gossipsub parameters.
 */
public final class WorkloadOptions {

    @Option(names = "--arm", paramLabel = "NAME", description = {"Arm of the catalogue (default: ${DEFAULT-VALUE}); see gsnode arms.",
            "An ablation adds knob overrides: <arm>+NAME=VALUE, or +NAME=- to remove a knob and its NAME_* settings."})
    public String arm = "wholend";

    @Option(names = "--payload", converter = Units.IntBytes.class, paramLabel = "BYTES", description = "Payload size P (default: ${DEFAULT-VALUE}).")
    public int payload = 1 << 20;

    @Option(names = "--transport", paramLabel = "tcp|quic", description = "Transport (default: ${DEFAULT-VALUE}).")
    public Transport transport = Transport.TCP;

    @Mixin
    public QuicOptions quic = new QuicOptions();

    /** The command this mixin is part of: its parse result says which options were given. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--gossip", paramLabel = "NAME=VALUE",
            description = "A gossipsub parameter for every node, e.g. d=8 (repeatable; an unknown name lists them all).")
    public List<String> gossip = new ArrayList<>();

    /**
     * The workload these flags describe, the arm parsed once; a QUIC flag given for a TCP cell is
     * refused (it would be dropped), and the QUIC flags are kept for QUIC. {@code epoll} and {@code condition} are the commands' own options.
     *
     * @throws IllegalArgumentException for a bad value or combination, naming the option
     */
    /** A QUIC option on the command line of a TCP cell would be silently dropped: it is an error instead. */
    private void refuseQuicOptions() {
        if (mixee == null || mixee.commandLine() == null || mixee.commandLine().getParseResult() == null) return;
        List<String> given = new ArrayList<>();
        for (CommandLine.Model.OptionSpec o : mixee.commandLine().getParseResult().matchedOptions()) {
            if (QUIC_ONLY.contains(o.longestName())) given.add(o.longestName());
        }
        if (!given.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", given) + (given.size() == 1 ? " is a QUIC option" : " are QUIC options")
                    + ", and this cell runs --transport tcp: give --transport quic, or leave " + (given.size() == 1 ? "it" : "them") + " out");
        }
    }

    /** The options that mean something for QUIC only. */
    private static final Set<String> QUIC_ONLY = Set.of("--quic-engine", "--quic-stream-window", "--quic-connection-window",
            "--quic-initial-stream-window", "--quic-pacing", "--udp-buffer", "--congestion-control", "--initial-window",
            "--max-udp-payload");

    public Workload toWorkload(boolean epoll, Condition condition) {
        if (transport == Transport.TCP) refuseQuicOptions();
        QuicConfig quicConfig = quic.toConfig();
        return Workload.of(arm, payload, TransportChoice.of(transport, epoll, quicConfig), gossip, condition);
    }
}
