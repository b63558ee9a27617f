package io.gsnode.app.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.tools.results.Medians;
import io.gsnode.tools.results.Stat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What cells cost on this machine, and what a planned cell will: the study appends each finished
 * cell's wall time and peak memory to a history file, and estimates a planned cell from the
 * finished ones of the same backend, transport and implementation nearest in size, scaled by the
 * number of nodes. Without history, a guess from this project's own measurements (docs/studies.md),
 * said to be one.
 */
public final class CellCost {

    /** One finished cell's cost. */
    public record Entry(String backend, String transport, String impl, String arm, int n, double wallS, double peakMib) {}

    /** A planned cell's estimate, and where it comes from. */
    public record Estimate(double wallS, double peakMib, String source) {}

    private final Path history;
    private final List<Entry> entries;

    private CellCost(Path history, List<Entry> entries) {
        this.history = history;
        this.entries = entries;
    }

    /** The history file's default place: {@code $XDG_STATE_HOME/gsnode/cell-costs.jsonl}, else under ~/.local/state. */
    public static Path defaultHistory(Map<String, String> env) {
        String state = env.get("XDG_STATE_HOME");
        Path base = state != null && !state.isBlank() ? Path.of(state) : Path.of(System.getProperty("user.home"), ".local", "state");
        return base.resolve("gsnode").resolve("cell-costs.jsonl");
    }

    /** The history in {@code file}; a missing file is an empty history, an unreadable line is skipped. */
    public static CellCost read(Path file) {
        List<Entry> entries = new ArrayList<>();
        if (Files.isRegularFile(file)) {
            try {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    try {
                        JsonNode j = RecordJson.MAPPER.readTree(line);
                        entries.add(new Entry(j.path("backend").asText(), j.path("transport").asText(), j.path("impl").asText(),
                                j.path("arm").asText(), j.path("n").asInt(), j.path("wall_s").asDouble(), j.path("peak_mib").asDouble()));
                    } catch (IOException | RuntimeException e) {
                        // A torn or foreign line costs one data point, not the plan.
                    }
                }
            } catch (IOException e) {
                // An unreadable history is no history: the estimates fall back to the guesses.
            }
        }
        return new CellCost(file, entries);
    }

    /** Appends a finished cell to the history (and keeps it for this run's later estimates). */
    public synchronized void add(Entry e) {
        entries.add(e);
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("backend", e.backend());
        line.put("transport", e.transport());
        line.put("impl", e.impl());
        line.put("arm", e.arm());
        line.put("n", e.n());
        line.put("wall_s", Math.round(e.wallS() * 10) / 10.0);
        line.put("peak_mib", Math.round(e.peakMib()));
        try {
            if (history.getParent() != null) Files.createDirectories(history.getParent());
            Files.writeString(history, RecordJson.line(line) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException ex) {
            System.err.println("gsnode study: cannot add to the cost history " + history + ": " + ex.getMessage());
        }
    }

    /** The estimate for a cell of {@code n} nodes: from the history where it has the kind, else a guess. */
    public synchronized Estimate estimate(String backend, String transport, String impl, String arm, int n) {
        List<Entry> same = entries.stream().filter(e -> e.backend().equals(backend) && e.transport().equals(transport)
                && e.impl().equals(impl) && e.n() > 0).toList();
        if (!same.isEmpty()) {
            List<Entry> sameArm = same.stream().filter(e -> e.arm().equals(arm)).toList();
            List<Entry> pool = sameArm.isEmpty() ? same : sameArm;
            int nearest = pool.stream().min(Comparator.comparingInt(e -> Math.abs(e.n() - n))).orElseThrow().n();
            List<Entry> at = pool.stream().filter(e -> e.n() == nearest).toList();
            double wallPerNode = median(at.stream().map(e -> e.wallS() / e.n()).toList());
            double mibPerNode = median(at.stream().map(e -> e.peakMib() / e.n()).toList());
            return new Estimate(wallPerNode * n, mibPerNode * n, "history: " + at.size() + " cell" + (at.size() == 1 ? "" : "s")
                    + " of " + nearest + " nodes" + (sameArm.isEmpty() ? ", other arms" : ""));
        }
        return guess(backend, transport, impl, n);
    }

    /**
     * This project's measurements on a 2-core machine (docs/studies.md): a Shadow host of gsnode
     * costs about 2.4 s of wall time over TCP and 6 s over QUIC at 100 hosts and about 110 MiB; a go
     * host 0.6 s and 40 MiB; a local or netns node runs in real time (the schedule, about 25 s,
     * plus start-up) at about 150 MiB.
     */
    static Estimate guess(String backend, String transport, String impl, int n) {
        boolean go = impl.equals("go");
        double mibPerNode = go ? 40 : impl.equals("mixed") ? 75 : 110;
        if (backend.equals("shadow")) {
            double perHost = go ? 0.6 : transport.equals("quic") ? 6.0 : 2.4;
            if (impl.equals("mixed")) perHost = (perHost + 0.6) / 2;
            return new Estimate(20 + perHost * n, mibPerNode * n, "guess: no history of this kind on this machine");
        }
        return new Estimate(30 + 0.5 * n, (go ? 40 : 150) * n, "guess: no history of this kind on this machine");
    }

    private static double median(List<Double> v) {
        return Medians.median(v.stream().map(Stat::of).toList()).value();
    }
}
