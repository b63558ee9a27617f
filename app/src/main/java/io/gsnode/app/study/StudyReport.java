package io.gsnode.app.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.gsnode.app.study.StudyIndex.CellEntry;
import io.gsnode.app.study.StudyIndex.State;
import io.gsnode.formats.record.CellFiles;
import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.CellLoader;
import io.gsnode.tools.results.InputProblem;
import io.gsnode.tools.results.Medians;
import io.gsnode.tools.results.Stat;
import io.gsnode.tools.results.plot.Figure1Chart;
import io.gsnode.tools.results.plot.FigureFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A study's table (docs/studies.md): per point of the matrix without the seed, the median across
 * seeds of the cells' p50 and p99 with the seeds' range, and where the report published the same
 * point, its value, the difference in percent, whether the report's value lies inside this study's
 * seed range, and whether the arms rank as the report's do.
 */
public final class StudyReport {

    /** One published value: the report's section, the point and its p50 / p99. */
    /** @param p99Ms null where the report's text gives the median only (Figures 8 and 9, section 10's larger cells) */
    public record Reference(String section, String backend, int n, String scenario, String transport, String arm, long payloadBytes,
                            double p50Ms, Double p99Ms) {}

    /** One row: a point and its seeds. */
    public record Row(Map<String, Object> point, List<CellSummary> seeds, Reference reference) {

        double median(boolean p99) {
            return StudyReport.median(values(p99));
        }

        List<Double> values(boolean p99) {
            List<Double> v = new ArrayList<>();
            for (CellSummary s : seeds) {
                Double x = p99 ? s.p99Ms() : s.p50Ms();
                v.add(x == null ? Double.POSITIVE_INFINITY : x); // censored: later than any completion
            }
            v.sort(null);
            return v;
        }
    }

    private final String name;
    private final List<Row> rows;
    private final Map<String, Integer> builds;
    private final int pendingOrFailed;

    private StudyReport(String name, List<Row> rows, Map<String, Integer> builds, int pendingOrFailed) {
        this.name = name;
        this.rows = rows;
        this.builds = builds;
        this.pendingOrFailed = pendingOrFailed;
    }

    public static StudyReport of(Path dir) throws IOException {
        String name = StudyIndex.nameIn(dir);
        if (name == null) throw new IllegalArgumentException(dir + " holds no study (no " + StudyIndex.FILE + ")");
        List<Reference> refs = references();
        Map<String, List<CellSummary>> groups = new LinkedHashMap<>();
        Map<String, Map<String, Object>> points = new LinkedHashMap<>();
        Map<String, Integer> builds = new TreeMap<>();
        int notDone = 0;
        for (CellEntry e : StudyIndex.read(dir)) {
            if (e.state() != State.done) {
                notDone++;
                continue;
            }
            CellSummary s = RecordJson.readCell(dir.resolve(e.name()).resolve(CellFiles.SUMMARY));
            // The arm and the transport name every row, as the cells ran them, whether the study set them or not.
            Map<String, Object> point = new LinkedHashMap<>();
            point.put("arm", s.identity().arm());
            point.put("transport", s.identity().transport());
            point.putAll(e.point());
            point.remove("seed");
            point.remove("parallelism");
            String key = point.toString();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
            points.put(key, point);
            builds.merge(e.build() == null ? "unknown build" : e.build(), 1, Integer::sum);
        }
        List<Row> rows = new ArrayList<>();
        groups.forEach((k, seeds) -> rows.add(new Row(points.get(k), seeds, reference(refs, seeds.get(0)))));
        return new StudyReport(name, rows, builds, notDone);
    }

    /** The report's published values this project carries (its sections 7, 8 and 10, and Appendix D). */
    public static List<Reference> references() throws IOException {
        try (InputStream in = StudyReport.class.getResourceAsStream("report-values.json")) {
            JsonNode root = RecordJson.MAPPER.readTree(Objects.requireNonNull(in, "report-values.json is in the jar"));
            List<Reference> out = new ArrayList<>();
            for (JsonNode v : root.path("values")) {
                out.add(new Reference(v.path("section").asText(), v.path("backend").asText(), v.path("n").asInt(),
                        v.path("scenario").asText(), v.path("transport").asText(), v.path("arm").asText(),
                        v.path("payload_bytes").asLong(1 << 20), v.path("p50_ms").asDouble(),
                        v.path("p99_ms").isNumber() ? v.path("p99_ms").asDouble() : null));
            }
            return out;
        }
    }

    /** The published value for a cell's point: cold, FIFO, the same backend, size, scenario, transport, arm and payload. */
    static Reference reference(List<Reference> refs, CellSummary s) {
        var id = s.identity();
        if (!"cold".equals(id.condition()) || !"java".equals(id.impl())) return null;
        if (id.queue() != null && !id.queue().equalsIgnoreCase("fifo")) return null;
        return refs.stream().filter(r -> r.backend().equals(id.backend()) && r.n() == id.n() && r.scenario().equals(id.scenario())
                && r.transport().equalsIgnoreCase(id.transport()) && r.arm().equals(id.arm()) && r.payloadBytes() == id.payloadBytes())
                .findFirst().orElse(null);
    }

    public String markdown() {
        StringBuilder md = new StringBuilder("# Study " + name + "\n\n");
        md.append("Each row: the cells of one point of the study, one per seed; p50 and p99 are the median across seeds of "
                + "each cell's receiver quantile, with the seeds' range in brackets (\"censored\": a quantile fell among receivers "
                + "that never completed). \"report\": the value the report published for the same point (its section), \"vs\": the "
                + "difference in percent of it, \"in range\": whether the report's value lies inside this study's seed range.\n\n");
        md.append("Builds: ").append(builds.isEmpty() ? "none yet" : String.join(", ", builds.entrySet().stream()
                .map(e -> e.getKey() + " (" + e.getValue() + (e.getValue() == 1 ? " cell)" : " cells)")).toList()));
        if (builds.size() > 1) md.append(" — more than one build: read a difference between rows with that in mind");
        md.append(".\n");
        if (pendingOrFailed > 0) md.append("\n").append(pendingOrFailed).append(" cells not done yet (pending or failed).\n");
        List<String> dims = dims();
        md.append("\n| ").append(String.join(" | ", dims)).append(" | seeds | p50 (ms) | p99 (ms) | report p50 / p99 | vs, p50 | p99 | in range |\n");
        md.append("|").append(" --- |".repeat(dims.size())).append(" ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
        for (Row r : rows) {
            md.append("| ");
            for (String d : dims) md.append(r.point().get(d) == null ? "default" : r.point().get(d)).append(" | ");
            md.append(r.seeds().size()).append(" | ").append(spread(r, false)).append(" | ").append(spread(r, true)).append(" | ");
            Reference ref = r.reference();
            if (ref == null) {
                md.append("– | – | – | – |\n");
                continue;
            }
            md.append(ms(ref.p50Ms())).append(" / ").append(ref.p99Ms() == null ? "–" : ms(ref.p99Ms())).append(" (§")
                    .append(ref.section()).append(") | ").append(pct(r.median(false), ref.p50Ms())).append(" | ")
                    .append(ref.p99Ms() == null ? "–" : pct(r.median(true), ref.p99Ms())).append(" | ")
                    .append(inRange(r, ref)).append(" |\n");
        }
        String ranking = ranking();
        if (!ranking.isEmpty()) md.append("\n").append(ranking);
        return md.toString();
    }

    public String csv() {
        List<String> dims = dims();
        StringBuilder b = new StringBuilder(String.join(",", dims)).append(",seeds,p50_ms,p50_min_ms,p50_max_ms,p99_ms,p99_min_ms,"
                + "p99_max_ms,report_section,report_p50_ms,report_p99_ms,vs_p50_pct,vs_p99_pct\n");
        for (Row r : rows) {
            for (String d : dims) b.append(r.point().get(d) == null ? "" : r.point().get(d)).append(',');
            List<Double> p50 = r.values(false);
            List<Double> p99 = r.values(true);
            b.append(r.seeds().size()).append(',').append(num(r.median(false))).append(',').append(num(p50.get(0))).append(',')
                    .append(num(p50.get(p50.size() - 1))).append(',').append(num(r.median(true))).append(',').append(num(p99.get(0)))
                    .append(',').append(num(p99.get(p99.size() - 1))).append(',');
            Reference ref = r.reference();
            if (ref == null) {
                b.append(",,,,\n");
            } else {
                b.append(ref.section()).append(',').append(num(ref.p50Ms())).append(',')
                        .append(ref.p99Ms() == null ? "" : num(ref.p99Ms())).append(',')
                        .append(num(100 * (r.median(false) - ref.p50Ms()) / ref.p50Ms())).append(',')
                        .append(ref.p99Ms() == null ? "" : num(100 * (r.median(true) - ref.p99Ms()) / ref.p99Ms())).append('\n');
            }
        }
        return b.toString();
    }

    /** The study's dimensions other than the seed, in the study's order: the columns that tell rows apart. */
    private List<String> dims() {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            for (String k : r.point().keySet()) {
                if (out.contains(k)) continue;
                boolean varies = rows.stream().map(x -> String.valueOf(x.point().get(k))).distinct().count() > 1;
                if (varies || k.equals("arm") || k.equals("transport")) out.add(k);
            }
        }
        return out;
    }

    /** Per group of rows that differ only in the arm: whether this study orders the arms by p50 as the report does. */
    private String ranking() {
        Map<String, List<Row>> byRest = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.reference() == null) continue;
            Map<String, Object> rest = new LinkedHashMap<>(r.point());
            rest.remove("arm");
            byRest.computeIfAbsent(rest.toString(), k -> new ArrayList<>()).add(r);
        }
        StringBuilder b = new StringBuilder();
        byRest.forEach((rest, group) -> {
            if (group.size() < 2) return;
            List<String> ours = group.stream().sorted(Comparator.comparingDouble(r -> r.median(false))).map(r -> (String) r.point().get("arm")).toList();
            List<String> theirs = group.stream().sorted(Comparator.comparingDouble(r -> r.reference().p50Ms()))
                    .map(r -> (String) r.point().get("arm")).toList();
            b.append("Ranking by p50, ").append(group.get(0).point().get("transport")).append(": ")
                    .append(ours.equals(theirs) ? "the same as the report's (" + String.join(" < ", ours) + ")"
                            : "differs: this study " + String.join(" < ", ours) + ", the report " + String.join(" < ", theirs))
                    .append(".\n");
        });
        return b.toString();
    }

    private static String spread(Row r, boolean p99) {
        List<Double> v = r.values(p99);
        String m = ms(r.median(p99));
        return v.size() == 1 ? m : m + " [" + ms(v.get(0)) + " – " + ms(v.get(v.size() - 1)) + "]";
    }

    private static String inRange(Row r, Reference ref) {
        if (r.seeds().size() < 2) return "one seed";
        List<Double> p50 = r.values(false);
        List<Double> p99 = r.values(true);
        boolean a = ref.p50Ms() >= p50.get(0) && ref.p50Ms() <= p50.get(p50.size() - 1);
        if (ref.p99Ms() == null) return a ? "p50 yes" : "p50 no";
        boolean b = ref.p99Ms() >= p99.get(0) && ref.p99Ms() <= p99.get(p99.size() - 1);
        return (a ? "p50 yes" : "p50 no") + ", " + (b ? "p99 yes" : "p99 no");
    }

    /** The seeds' median, censored (infinite) when its rank falls on a censored seed ({@link Medians}). */
    static double median(List<Double> values) {
        Stat m = Medians.median(values.stream().map(v -> Double.isInfinite(v) ? Stat.CENSORED : Stat.of(v)).toList());
        return m.observed() ? m.value() : Double.POSITIVE_INFINITY;
    }

    private static String pct(double v, double ref) {
        if (Double.isInfinite(v)) return "censored";
        return String.format(Locale.ROOT, "%+.1f %%", 100 * (v - ref) / ref);
    }

    private static String ms(double v) {
        return Double.isInfinite(v) ? "censored" : String.format(Locale.ROOT, "%,.0f", v);
    }

    private static String num(double v) {
        return Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%.1f", v);
    }

    /** Writes the report's files: markdown and CSV. */
    public void write(Path markdownFile, Path csvFile) throws IOException {
        if (markdownFile != null) io.gsnode.formats.files.AtomicFiles.writeString(markdownFile, markdown());
        if (csvFile != null) io.gsnode.formats.files.AtomicFiles.writeString(csvFile, csv());
    }

    /**
     * Draws the study as the report's Figure 1 (bars: p99, ticks: p50, medians across seeds), with the
     * report's published values as a side of their own where it has them, as {@code BASE.png} and
     * {@code BASE.svg}. A study over several sizes, payloads or scenarios is one figure per value:
     * {@code --set} narrows it.
     *
     * @throws InputProblem when the cells cannot make one figure, saying why
     */
    public List<Path> figure(Path dir, Path base) throws IOException, InputProblem {
        List<Cell> cells = new ArrayList<>();
        for (CellEntry e : StudyIndex.read(dir)) {
            if (e.state() == State.done) cells.add(CellLoader.load("gsnode", dir.resolve(e.name())));
        }
        List<String> arms = new ArrayList<>();
        for (Row r : rows) {
            String arm = String.valueOf(r.point().get("arm"));
            if (!arms.contains(arm)) arms.add(arm);
            Reference ref = r.reference();
            if (ref == null) continue;
            CellSummary mine = r.seeds().get(0);
            CellIdentity id = new CellIdentity("report_" + ref.section() + "_" + ref.arm() + "_" + ref.transport(), "report", ref.arm(),
                    // The published values are FIFO's, as the cell beside them: the same queue, so the legend does not set them apart by it.
                    ref.arm(), mine.identity().transport(), null, "reference", mine.identity().queue(), null, 0, ref.n(), mine.identity().payloadBytes(),
                    ref.scenario(), 0, "cold");
            CellSummary published = new CellSummary(CellSummary.SCHEMA, id, 0, 0, 0, ref.p50Ms(), null, ref.p99Ms(), null, 0,
                    mine.deadlineMs(), null, null, null, null, null, null, null, null, null, null, List.of(), null, null);
            if (cells.stream().noneMatch(c -> c.summary().identity().cell().equals(id.cell()))) {
                cells.add(new Cell("report §" + ref.section(), dir, published, null, "a published value"));
            }
        }
        return FigureFiles.write(Figure1Chart.build(cells, arms, 1200, 700), base);
    }
}
