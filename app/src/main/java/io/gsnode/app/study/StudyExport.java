package io.gsnode.app.study;

import io.gsnode.app.study.StudyIndex.CellEntry;
import io.gsnode.app.study.StudyIndex.State;
import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.formats.record.CellFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * A study's results in the form this project commits them (docs/studies.md): {@code study.json},
 * and for every done cell its {@code cell.json} and {@code records.jsonl.gz}; the Shadow configs,
 * logs and simulation data stay behind. {@code gsnode study report} reads the copy as it reads the
 * study; the records are there for any other table (gunzip them, then {@code gsnode extract} or
 * {@code compare}).
 */
public final class StudyExport {

    /** What was copied. */
    public record Result(int cells, int planned, long bytes) {}

    private StudyExport() {}

    public static Result export(Path dir, Path to) throws IOException {
        if (StudyIndex.nameIn(dir) == null) throw new IllegalArgumentException(dir + " holds no study (no " + StudyIndex.FILE + ")");
        Files.createDirectories(to);
        int cells = 0;
        int planned = 0;
        long bytes = 0;
        for (CellEntry e : StudyIndex.read(dir)) {
            planned++;
            if (e.state() != State.done) continue;
            Path from = dir.resolve(e.name());
            Path dest = to.resolve(e.name());
            Files.createDirectories(dest);
            Files.copy(from.resolve(CellFiles.SUMMARY), dest.resolve(CellFiles.SUMMARY), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Path gz = dest.resolve(CellFiles.RECORDS + ".gz");
            Path plain = from.resolve(CellFiles.RECORDS);
            if (Files.isRegularFile(plain)) {
                AtomicFiles.write(gz, file -> {
                    try (InputStream in = Files.newInputStream(plain); GZIPOutputStream out = new GZIPOutputStream(file)) {
                        in.transferTo(out);
                    }
                });
            } else if (Files.isRegularFile(from.resolve(CellFiles.RECORDS + ".gz"))) {
                // A cell of a study resumed from an export: its records are the export's already.
                Files.copy(from.resolve(CellFiles.RECORDS + ".gz"), gz, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } else {
                throw new IOException("cell " + e.name() + " is done but holds no " + CellFiles.RECORDS + " (nor its .gz)");
            }
            bytes += Files.size(gz) + Files.size(dest.resolve(CellFiles.SUMMARY));
            cells++;
        }
        Files.copy(dir.resolve(StudyIndex.FILE), to.resolve(StudyIndex.FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return new Result(cells, planned, bytes);
    }
}
