package io.gsnode.tools.cli;

import io.gsnode.node.record.CellSummary;
import io.gsnode.tools.results.Cell;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The filters compare and plot share; each option is repeatable, and an empty one lets all through. */
public final class CellFilter {

    @Option(names = "--arm", paramLabel = "NAME", description = "Only this arm (repeatable; plots keep this order).")
    public List<String> arms = new ArrayList<>();

    @Option(names = "--transport", paramLabel = "NAME", description = "Only this transport: tcp or quic (repeatable).")
    public List<String> transports = new ArrayList<>();

    @Option(names = "--n", paramLabel = "N", description = "Only cells of N nodes (repeatable).")
    public List<Integer> ns = new ArrayList<>();

    @Option(names = "--payload", paramLabel = "BYTES", description = "Only this payload size in bytes (repeatable).")
    public List<Integer> payloads = new ArrayList<>();

    @Option(names = "--scenario", paramLabel = "NAME", description = "Only this scenario: home, dc20, dcb20, upN (repeatable).")
    public List<String> scenarios = new ArrayList<>();

    public boolean accepts(CellSummary s) {
        return (arms.isEmpty() || arms.contains(s.arm())) && (transports.isEmpty() || transports.contains(s.transport()))
                && (ns.isEmpty() || ns.contains(s.n())) && (payloads.isEmpty() || payloads.contains(s.payloadBytes()))
                && (scenarios.isEmpty() || scenarios.contains(s.scenario()));
    }

    public List<Cell> apply(List<Cell> cells) {
        return cells.stream().filter(c -> accepts(c.summary())).toList();
    }
}
