package io.gsnode.k8s.manifest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.k8s.CellDescription;
import io.gsnode.k8s.K8sCell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a cell's manifests into a directory, with the topology and the cell's description in its
 * {@link CellDescription#DIRECTORY} for {@code gsnode k8s collect}.
 */
public final class ManifestWriter {

    /** Block style, quotes only where YAML needs them, multi-line commands as literal blocks. */
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
            .build());

    /** What was written: each manifest file with its size, in apply order. */
    public record Written(Path dir, List<Path> files, long manifestBytes, int topologyParts) {}

    private ManifestWriter() {}

    public static Written write(K8sCell cell, Path topologyFile, Path dir) throws IOException {
        byte[] topology = Files.readAllBytes(topologyFile);
        List<CellManifests.ManifestFile> files = new CellManifests(cell).files(topology);
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        long bytes = 0;
        int parts = 0;
        for (CellManifests.ManifestFile f : files) {
            Path path = dir.resolve(f.name());
            AtomicFiles.writeString(path, yaml(f.documents()));
            written.add(path);
            bytes += Files.size(path);
            if (f.name().startsWith("10-")) parts = f.documents().size();
        }
        CellDescription.of(cell).write(dir);
        Files.write(CellDescription.topologyFile(dir), topology);
        return new Written(dir, List.copyOf(written), bytes, parts);
    }

    /** The documents of one file, each opened by {@code ---}. */
    static String yaml(List<Map<String, Object>> documents) throws IOException {
        StringBuilder b = new StringBuilder();
        for (Map<String, Object> d : documents) b.append(YAML.writeValueAsString(d));
        return b.toString();
    }
}
