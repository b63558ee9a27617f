package io.gsnode.shadow.cli;

import io.gsnode.node.cli.Units;
import io.gsnode.shadow.GraphKind;
import io.gsnode.shadow.ShadowCell;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Shadow's own settings of a cell (a picocli mixin), the same on {@code gsnode shadow} and
 * {@code gsnode cell --backend shadow}: its graph, seed and socket buffers. One declaration, so
 * that the two commands take the same knobs, checked the same way.
 */
public final class ShadowNetworkOptions {

    /** The names, for a backend that has none of them to refuse. */
    public static final List<String> NAMES = List.of("--graph", "--shadow-seed", "--socket-send-buffer", "--socket-recv-buffer",
            "--no-send-autotune", "--no-recv-autotune");

    @Option(names = "--graph", paramLabel = "complete|edges",
            description = "shadow: complete: every pair its own latency (N² edges); edges: dial graph with shortest paths (default: ${DEFAULT-VALUE}).")
    GraphKind graph = GraphKind.COMPLETE;

    @Option(names = "--shadow-seed", paramLabel = "S", description = "shadow: Shadow's general.seed (default: ${DEFAULT-VALUE}).")
    long shadowSeed = 1;

    @Option(names = "--socket-send-buffer", converter = Units.LongBytes.class, paramLabel = "BYTES",
            description = "shadow: Shadow's initial socket send buffer (default: ${DEFAULT-VALUE}, Shadow's).")
    long socketSendBuffer = ShadowCell.DEFAULT_SOCKET_SEND_BUFFER;

    @Option(names = "--socket-recv-buffer", converter = Units.LongBytes.class, paramLabel = "BYTES",
            description = "shadow: Shadow's initial socket receive buffer (default: ${DEFAULT-VALUE}, Shadow's).")
    long socketRecvBuffer = ShadowCell.DEFAULT_SOCKET_RECV_BUFFER;

    @Option(names = "--no-send-autotune", negatable = false, description = "shadow: turn off Shadow's TCP send buffer autotuning.")
    boolean noSendAutotune;

    @Option(names = "--no-recv-autotune", negatable = false, description = "shadow: turn off Shadow's TCP receive buffer autotuning.")
    boolean noRecvAutotune;

    /** The command this mixin is part of: its parse result says which options were given. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** {@code cell} with these settings. @throws IllegalArgumentException for a value Shadow refuses */
    public ShadowCell applyTo(ShadowCell cell) {
        return cell.withNetwork(graph, shadowSeed, socketSendBuffer, socketRecvBuffer, !noSendAutotune, !noRecvAutotune);
    }

    /** The options of this mixin given on the command line: a backend other than Shadow refuses them. */
    public List<String> given() {
        if (mixee == null || mixee.commandLine() == null) return List.of();
        CommandLine.ParseResult r = mixee.commandLine().getParseResult();
        return r == null ? List.of() : NAMES.stream().filter(r::hasMatchedOption).toList();
    }

    public GraphKind graph() {
        return graph;
    }
}
