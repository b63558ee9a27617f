package io.gsnode.tools.results.plot;

import io.gsnode.tools.results.Cell;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Names a side in a figure by what tells it apart: the backend name given on the command line,
 * then the transport and the queue only where the figure holds more than one of them.
 */
final class SideLabels {

    private final boolean names;
    private final boolean transports;
    private final boolean queues;

    SideLabels(Collection<Cell> cells) {
        names = cells.stream().map(Cell::side).distinct().count() > 1;
        transports = cells.stream().map(c -> c.summary().identity().transport()).distinct().count() > 1;
        queues = cells.stream().map(c -> Objects.toString(c.summary().identity().queue())).distinct().count() > 1;
    }

    String of(Cell cell) {
        List<String> parts = new ArrayList<>();
        if (names || (!transports && !queues)) parts.add(cell.side());
        if (transports) parts.add(cell.summary().identity().transport());
        if (queues) parts.add(Objects.toString(cell.summary().identity().queue()));
        return String.join(" ", parts);
    }
}
