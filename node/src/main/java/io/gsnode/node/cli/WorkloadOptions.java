package io.gsnode.node.cli;

import io.gsnode.node.launch.Condition;
import io.gsnode.node.launch.TransportChoice;
import io.gsnode.node.launch.Workload;
import io.gsnode.node.run.Transport;
import io.gsnode.transport.quic.QuicConfig;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What every node of a cell runs, as {@code gsnode run}, {@code gsnode cell} and
 * {@code gsnode shadow} take it (a picocli mixin): the arm, the payload, the transport with its
 * QUIC knobs, and gossipsub parameters.
 */
public final class WorkloadOptions {

    @Option(names = "--arm", paramLabel = "NAME", description = {"Arm of the catalogue (default: ${DEFAULT-VALUE}); see gsnode arms.",
            "An ablation adds knob overrides: <arm>+NAME=VALUE, or +NAME=- to remove a knob and its NAME_* settings."})
    public String arm = "wholend";

    @Option(names = "--payload", paramLabel = "BYTES", description = "Payload size P (default: ${DEFAULT-VALUE}).")
    public int payload = 1 << 20;

    @Option(names = "--transport", paramLabel = "tcp|quic", description = "Transport (default: ${DEFAULT-VALUE}).")
    public Transport transport = Transport.TCP;

    @Mixin
    public QuicOptions quic = new QuicOptions();

    @Option(names = "--gossip", paramLabel = "NAME=VALUE",
            description = "A gossipsub parameter for every node, e.g. d=8 (repeatable; an unknown name lists them all).")
    public List<String> gossip = new ArrayList<>();

    /**
     * The workload these flags describe, the arm parsed once; the QUIC flags are checked whatever the
     * transport, and kept for QUIC. {@code epoll} and {@code condition} are the commands' own options.
     *
     * @throws IllegalArgumentException for a bad value or combination, naming the option
     */
    public Workload toWorkload(boolean epoll, Condition condition) {
        QuicConfig quicConfig = quic.toConfig();
        return Workload.of(arm, payload, TransportChoice.of(transport, epoll, quicConfig), gossip, condition);
    }
}
