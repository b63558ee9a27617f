package io.gsnode.tools.results;

import io.gsnode.formats.record.CellFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds cell directories under a root. A cell directory is what a runner writes for one run of
 * one cell (node/cell/CellRunner): {@code records.jsonl} and {@code cell.json}, or, when the runner
 * died before gathering them, only the nodes' own {@code nodes/node-I.json}; or a Shadow run's
 * directory, whose hosts write {@code shadow.data/hosts/<host>/record.json} (a config that
 * {@code gsnode shadow} generated and the user ran by hand).
 */
public final class CellDirectories {

    public static final String RECORDS = CellFiles.RECORDS;
    public static final String SUMMARY = CellFiles.SUMMARY;
    public static final String NODES = "nodes";
    /** Where the hosts of a Shadow run keep their files, below the directory Shadow ran in (docs/shadow.md). */
    public static final Path SHADOW_HOSTS = Path.of("shadow.data", "hosts");
    public static final String SHADOW_RECORD = "record.json";

    private CellDirectories() {}

    /** Every cell directory at or below {@code root}, in path order (so output is stable). */
    public static List<Path> find(Path root) throws InputProblem {
        if (!Files.exists(root)) throw new InputProblem("no such directory: " + root);
        if (!Files.isDirectory(root)) throw new InputProblem("not a directory: " + root);
        List<Path> cells = new ArrayList<>();
        try (Stream<Path> dirs = Files.walk(root)) {
            dirs.filter(Files::isDirectory).filter(CellDirectories::isCell).sorted().forEach(cells::add);
        } catch (IOException | UncheckedIOException e) {
            throw new InputProblem("cannot list " + root + ": " + e.getMessage(), e);
        }
        if (cells.isEmpty()) {
            throw new InputProblem("no cell under " + root + " (a cell directory holds " + RECORDS + ", " + SUMMARY
                    + ", " + NODES + "/node-I.json or " + SHADOW_HOSTS + "/<host>/" + SHADOW_RECORD + ")");
        }
        return cells;
    }

    public static boolean isCell(Path dir) {
        return recordsFile(dir) != null || Files.isRegularFile(dir.resolve(SUMMARY)) || !nodeFiles(dir).isEmpty();
    }

    /** The cell's {@code records.jsonl}, or the gzipped copy an exported study keeps; null when it has neither. */
    public static Path recordsFile(Path dir) {
        Path plain = dir.resolve(RECORDS);
        if (Files.isRegularFile(plain)) return plain;
        Path gz = dir.resolve(RECORDS + ".gz");
        return Files.isRegularFile(gz) ? gz : null;
    }

    /**
     * The per-node record files: {@code nodes/node-I.json}, and a Shadow run's
     * {@code shadow.data/hosts/<host>/record.json}, in path order; empty when there are none.
     */
    public static List<Path> nodeFiles(Path dir) {
        List<Path> found = new ArrayList<>();
        Path nodes = dir.resolve(NODES);
        if (Files.isDirectory(nodes)) {
            try (Stream<Path> files = Files.list(nodes)) {
                files.filter(f -> {
                    String name = f.getFileName().toString();
                    return name.startsWith("node-") && name.endsWith(".json") && Files.isRegularFile(f);
                }).forEach(found::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + nodes, e);
            }
        }
        Path hosts = dir.resolve(SHADOW_HOSTS);
        if (Files.isDirectory(hosts)) {
            try (Stream<Path> files = Files.list(hosts)) {
                files.map(h -> h.resolve(SHADOW_RECORD)).filter(Files::isRegularFile).forEach(found::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + hosts, e);
            }
        }
        found.sort(null);
        return List.copyOf(found);
    }
}
