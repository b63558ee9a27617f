package io.gsnode.app.study;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.formats.record.RecordJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A study directory's index, {@code study.json} (docs/studies.md): the study as given, and each
 * cell's arguments, plan key, state and outcome. Rewritten whole (atomically) at every change, so a
 * study stopped at any instant resumes from what it says.
 */
public final class StudyIndex {

    public static final String FILE = "study.json";
    public static final String SCHEMA = "gsnode.study/1";

    /** What the study knows of one cell. */
    public enum State { pending, running, done, failed }

    /**
     * One cell's entry.
     *
     * @param exit {@code gsnode cell}'s exit status, null until it ended
     * @param fingerprint the finished cell's settings fingerprint ({@code cell.json})
     * @param build the finished cell's builds, as tables show them
     */
    public record CellEntry(String name, Map<String, Object> point, List<String> args, String key, State state, Integer exit,
                            Double wallS, String fingerprint, String build, String error) {

        CellEntry with(State s, Integer exitStatus, Double wall, String fp, String b, String why) {
            return new CellEntry(name, point, args, key, s, exitStatus, wall, fp, b, why);
        }
    }

    private final Path dir;
    private final String name;
    private final Map<String, Object> spec;
    private final Map<String, CellEntry> cells = new LinkedHashMap<>();
    /** The cells of this run's plan (the index may hold more: done cells of a wider plan). */
    private final Set<String> planned = new HashSet<>();

    private StudyIndex(Path dir, String name, Map<String, Object> spec) {
        this.dir = dir;
        this.name = name;
        this.spec = spec;
    }

    /**
     * The index of {@code dir} for {@code study}: the entries a previous run left, where their key
     * still matches; pending entries for the rest of the plan. Cells of an earlier, wider plan that
     * this one leaves out ({@code --set seed=7,8} on a study of ten seeds) keep their entries, after
     * the plan's, so that its report and export still hold them; they are not run.
     */
    public static StudyIndex open(Path dir, StudySpec study, List<PlannedCell> plan, Map<String, String> keys) throws IOException {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("cells", study.cells());
        spec.put("args", study.args());
        StudyIndex index = new StudyIndex(dir, study.name(), spec);
        Map<String, CellEntry> before = new LinkedHashMap<>();
        Path file = dir.resolve(FILE);
        if (Files.isRegularFile(file)) {
            JsonNode root = RecordJson.MAPPER.readTree(file.toFile());
            if (!SCHEMA.equals(root.path("schema").asText())) throw new IOException(file + ": not a " + SCHEMA + " index");
            String was = root.path("name").asText();
            if (!was.equals(study.name())) {
                throw new IllegalArgumentException(dir + " holds the study '" + was + "', not '" + study.name()
                        + "': give another --out, or the same study");
            }
            List<CellEntry> entries = RecordJson.MAPPER.convertValue(root.path("cells"), new TypeReference<List<CellEntry>>() {});
            for (CellEntry e : entries) before.put(e.name(), e);
        }
        for (PlannedCell c : plan) {
            String key = keys.get(c.name());
            CellEntry old = before.get(c.name());
            boolean complete = old != null && old.key().equals(key) && old.state() == State.done
                    && Files.isRegularFile(dir.resolve(c.name()).resolve("cell.json"));
            index.cells.put(c.name(), complete ? old
                    : new CellEntry(c.name(), c.point(), c.args(), key, State.pending, null, null, null, null, null));
            index.planned.add(c.name());
        }
        for (CellEntry e : before.values()) {
            if (!index.cells.containsKey(e.name()) && e.state() == State.done) index.cells.put(e.name(), e);
        }
        return index;
    }

    public synchronized List<CellEntry> entries() {
        return new ArrayList<>(cells.values());
    }

    public synchronized CellEntry get(String cell) {
        return cells.get(cell);
    }

    public synchronized void update(CellEntry e) throws IOException {
        cells.put(e.name(), e);
        write();
    }

    /** Cells of this run's plan in state {@code s}. */
    public synchronized long count(State s) {
        return cells.values().stream().filter(e -> planned.contains(e.name()) && e.state() == s).count();
    }

    public synchronized void write() throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", SCHEMA);
        root.put("name", name);
        root.put("spec", spec);
        root.put("cells", new ArrayList<>(cells.values()));
        AtomicFiles.writeString(dir.resolve(FILE), RecordJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
    }

    /** The study's name as an index in {@code dir} records it, or null when there is none. */
    public static String nameIn(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) return null;
        return RecordJson.MAPPER.readTree(file.toFile()).path("name").asText(null);
    }

    /** The entries of the index in {@code dir}, as the report reads them. */
    public static List<CellEntry> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        JsonNode root = RecordJson.MAPPER.readTree(file.toFile());
        if (!SCHEMA.equals(root.path("schema").asText())) throw new IOException(file + ": not a " + SCHEMA + " index");
        return RecordJson.MAPPER.convertValue(root.path("cells"), new TypeReference<List<CellEntry>>() {});
    }
}
