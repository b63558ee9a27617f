package io.gsnode.tools.cli;

import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.units.Quantities;
import io.gsnode.tools.results.Cell;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The filters compare and plot share; each option is repeatable, and an empty one lets all through. */
public final class CellFilter {

    @Option(names = "--arm", paramLabel = "NAME", description = "Only this arm (repeatable; plots keep this order).")
    public List<String> arms = new ArrayList<>();

    @Option(names = "--transport", paramLabel = "NAME", description = "Only this transport: tcp or quic (repeatable).")
    public List<String> transports = new ArrayList<>();

    @Option(names = "--n", paramLabel = "N", description = "Only cells of N nodes (repeatable).")
    public List<Integer> ns = new ArrayList<>();

    @Option(names = "--payload", paramLabel = "SIZE", converter = PayloadSize.class,
            description = "Only this payload size, in bytes or with units: 1MiB (repeatable).")
    public List<Integer> payloads = new ArrayList<>();

    /** A payload size as every command writes one (Quantities). */
    static final class PayloadSize implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                return Quantities.intBytes(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    @Option(names = "--scenario", paramLabel = "NAME", description = "Only this scenario: home, dc20, dcb20, upN (repeatable).")
    public List<String> scenarios = new ArrayList<>();

    @Option(names = "--include-saturated",
            description = "Keep runs whose host was saturated (a sample at 95 percent busy or more between the publish and the end of the hold); "
                    + "by default they are left out and listed: their latencies measure the host's CPU as much as the network.")
    public boolean includeSaturated;

    /** The cells that pass the filters, and the runs left out only because their host was saturated. */
    public record Kept(List<Cell> cells, List<Cell> saturated) {}

    public boolean accepts(CellSummary s) {
        CellIdentity id = s.identity();
        return (arms.isEmpty() || arms.contains(id.arm())) && (transports.isEmpty() || transports.contains(id.transport()))
                && (ns.isEmpty() || ns.contains(id.n())) && (payloads.isEmpty() || payloads.contains(id.payloadBytes()))
                && (scenarios.isEmpty() || scenarios.contains(id.scenario()));
    }

    public Kept apply(List<Cell> cells) {
        List<Cell> matching = cells.stream().filter(c -> accepts(c.summary())).toList();
        if (includeSaturated) return new Kept(matching, List.of());
        return new Kept(matching.stream().filter(c -> !saturated(c)).toList(), matching.stream().filter(CellFilter::saturated).toList());
    }

    /** Whether the run's host was saturated; cells written before the mark existed are judged by their host samples. */
    public static boolean saturated(Cell c) {
        Boolean marked = c.summary().hostSaturated();
        return Boolean.TRUE.equals(marked != null ? marked : CellSummary.saturated(c.summary().host()));
    }

    /** How a saturated run left out is listed. */
    public static String leftOut(String side, Cell c) {
        return side + ": left out " + c.dir() + ": host saturated for " + c.summary().host().get("saturated_s")
                + " s during the delivery (--include-saturated keeps it)";
    }
}
