package io.gsnode.node.launch;

import io.gsnode.formats.topology.Topology;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.SignaturePolicy;
import io.gsnode.node.run.Transport;
import io.gsnode.segmentation.arm.Arm;
import io.gsnode.segmentation.arm.ArmCatalogue;
import io.gsnode.segmentation.arm.Variant;
import java.util.List;
import java.util.Objects;

/**
 * What every node of a cell runs, whatever the backend: the arm, the payload, the transport with its
 * knobs, gossipsub overrides and the condition. Validated once, here.
 *
 * @param arm the arm, parsed once ({@link #of}); two workloads with arms of the same name are equal,
 *     since the catalogue builds a fresh object for each ablation
 * @param gossip gossipsub overrides, {@code NAME=VALUE}, for every node
 */
public record Workload(Arm arm, int payloadBytes, TransportChoice transport, List<String> gossip, Condition condition) {

    public Workload {
        Objects.requireNonNull(arm, "arm");
        if (payloadBytes < 1) throw new IllegalArgumentException("--payload must be at least 1 byte, was " + payloadBytes);
        Objects.requireNonNull(transport, "transport");
        gossip = List.copyOf(gossip);
        Objects.requireNonNull(condition, "condition");
        gossipConfig(gossip); // an unknown name or a bad value fails here, before any node starts
        if (condition.background() != null && condition.sameTopic() && arm.armKnobs(payloadBytes).variant() == Variant.B) {
            throw new IllegalArgumentException("--background-topic same: variant B's topic carries partial messages only;"
                    + " use the sibling topic");
        }
    }

    /** A workload with the arm of the catalogue called {@code armName} (an ablation included, e.g. {@code atuned_32k+NAME=VALUE}). */
    public static Workload of(String armName, int payloadBytes, TransportChoice transport, List<String> gossip, Condition condition) {
        return new Workload(ArmCatalogue.get(armName), payloadBytes, transport, gossip, condition);
    }

    /** The same workload under {@code other} conditions. */
    public Workload withCondition(Condition other) {
        return new Workload(arm, payloadBytes, transport, gossip, other);
    }

    /** The arm's catalogue name, as the command line, the records and the cell label carry it. */
    public String armName() {
        return arm.name();
    }

    /** The gossipsub configuration every node runs: the report's lax no-sign (docs/arms.md §5.1) with the overrides. */
    public GossipConfig gossipConfig() {
        return gossipConfig(gossip);
    }

    private static GossipConfig gossipConfig(List<String> overrides) {
        GossipConfig.Builder g = new GossipConfig.Builder().signaturePolicy(SignaturePolicy.LAX_NO_SIGN);
        for (String p : overrides) {
            int eq = p.indexOf('=');
            if (eq < 1) throw new IllegalArgumentException("--gossip wants NAME=VALUE, got '" + p + "'");
            g.set(p.substring(0, eq), p.substring(eq + 1));
        }
        return g.build();
    }

    /**
     * The cell label of docs/arms.md §12.3, the same on every backend:
     * {@code <arm>_<seed>_<transport>_<payload>_n<N>_<scenario>}, {@code _r<run>} past the first run, and the
     * condition when the cell is not cold (docs/records.md §3.2).
     */
    public String cellLabel(Topology t, int run) {
        return label(armName(), transport.transport(), payloadBytes, t, run) + (condition.any() ? "_" + condition.name() : "");
    }

    /** The cold cell's label, for a backend that names a cell before it has a workload (a default namespace). */
    public static String label(String arm, Transport transport, int payloadBytes, Topology t, int run) {
        return arm + "_" + t.seed() + "_" + transport + "_" + payloadBytes + "_n" + t.n() + "_" + t.scenario()
                + (run > 0 ? "_r" + run : "");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Workload w && armName().equals(w.armName()) && payloadBytes == w.payloadBytes
                && transport.equals(w.transport) && gossip.equals(w.gossip) && condition.equals(w.condition);
    }

    @Override
    public int hashCode() {
        return Objects.hash(armName(), payloadBytes, transport, gossip, condition);
    }
}
