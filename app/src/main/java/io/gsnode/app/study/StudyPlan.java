package io.gsnode.app.study;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;

/**
 * A study's cells: the matrix crossed out in the order the study gives its options (the last
 * varies fastest), each cell's {@code gsnode cell} arguments checked by {@code gsnode cell}'s own
 * parser before any cell runs, so that a typo in the fortieth cell is found before the first.
 */
public final class StudyPlan {

    /** Options a study may not set: the study places each cell's output itself. */
    private static final Set<String> STUDY_OWNS = Set.of("out", "help", "version");

    private StudyPlan() {}

    /**
     * @param cellCommand a fresh {@code gsnode cell} command, whose options and parser check each cell
     * @throws IllegalArgumentException naming the cell and the option when one does not parse
     */
    public static List<PlannedCell> cells(StudySpec spec, Object cellCommand) {
        CommandLine.Model.CommandSpec cellSpec = new CommandLine(cellCommand).getCommandSpec();
        for (String key : spec.cells().keySet()) {
            if (STUDY_OWNS.contains(key)) throw new IllegalArgumentException("cells." + key + ": the study sets --" + key + " itself");
            if (cellSpec.findOption("--" + key) == null) {
                throw new IllegalArgumentException("cells." + key + ": gsnode cell has no option --" + key + " (see gsnode cell --help)");
            }
        }
        List<String> dimensions = spec.cells().entrySet().stream().filter(e -> e.getValue().size() > 1).map(Map.Entry::getKey).toList();
        List<PlannedCell> out = new ArrayList<>();
        cross(spec, new ArrayList<>(spec.cells().keySet()), 0, new LinkedHashMap<>(), dimensions, cellSpec, out);
        Set<String> names = new HashSet<>();
        for (PlannedCell c : out) {
            if (!names.add(c.name())) throw new IllegalArgumentException("two cells would share the directory " + c.name()
                    + ": a dimension repeats a value");
            check(c, cellCommand.getClass());
        }
        return out;
    }

    private static void cross(StudySpec spec, List<String> keys, int i, LinkedHashMap<String, Object> point, List<String> dimensions,
                              CommandLine.Model.CommandSpec cellSpec, List<PlannedCell> out) {
        if (i == keys.size()) {
            out.add(new PlannedCell(name(point, dimensions), new LinkedHashMap<>(point), args(point, spec.args(), cellSpec)));
            return;
        }
        String key = keys.get(i);
        for (Object v : spec.cells().get(key)) {
            point.put(key, v);
            cross(spec, keys, i + 1, point, dimensions, cellSpec, out);
        }
        point.remove(key);
    }

    /** The cell's directory: its values along the study's dimensions, for example {@code wholend-tcp-s7}. */
    static String name(Map<String, Object> point, List<String> dimensions) {
        if (dimensions.isEmpty()) return "cell";
        List<String> parts = new ArrayList<>();
        for (String d : dimensions) {
            Object v = point.get(d);
            String text = v == null ? d + "-default" : switch (d) {
                case "seed" -> "s" + v;
                case "n" -> "n" + v;
                case "arm", "transport", "scenario", "backend", "impl", "queue" -> String.valueOf(v);
                default -> v instanceof Boolean b ? (b ? d : "no-" + d) : d + "-" + v;
            };
            parts.add(text.replaceAll("[^A-Za-z0-9_.+-]", "_"));
        }
        return String.join("-", parts);
    }

    /**
     * Options that mean something for QUIC cells only. A study that crosses transports and sets one
     * of these means it for its QUIC cells: its TCP cells are given it not (gsnode cell refuses a
     * QUIC option in a TCP cell, rather than drop it).
     */
    static final Set<String> QUIC_ONLY = Set.of("quic-engine", "quic-stream-window", "quic-connection-window",
            "quic-initial-stream-window", "quic-pacing", "udp-buffer", "congestion-control", "initial-window", "max-udp-payload");

    private static List<String> args(Map<String, Object> point, List<String> extra, CommandLine.Model.CommandSpec cellSpec) {
        List<String> args = new ArrayList<>();
        boolean tcp = !"quic".equals(String.valueOf(point.get("transport")));
        for (Map.Entry<String, Object> e : point.entrySet()) {
            Object v = e.getValue();
            if (v == null || (tcp && QUIC_ONLY.contains(e.getKey()))) continue;
            String option = "--" + e.getKey();
            CommandLine.Model.OptionSpec o = cellSpec.findOption(option);
            if (v instanceof Boolean b && o.arity().max() == 0) {
                if (b) args.add(option);
                else if (o.negatable()) args.add("--no-" + e.getKey());
            } else {
                args.add(option);
                args.add(String.valueOf(v));
            }
        }
        args.addAll(extra);
        return List.copyOf(args);
    }

    /** Parses the cell's arguments as gsnode cell would, without running it. */
    private static void check(PlannedCell c, Class<?> command) {
        List<String> args = new ArrayList<>(c.args());
        args.add("--out");
        args.add(c.name());
        try {
            new CommandLine(command.getDeclaredConstructor().newInstance()).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException("cell " + c.name() + ": " + e.getMessage() + " (see gsnode cell --help)");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("gsnode cell's command cannot be made", e);
        }
    }
}
