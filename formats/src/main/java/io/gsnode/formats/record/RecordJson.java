package io.gsnode.formats.record;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** Reads and writes node records and cell summaries; a reader refuses a schema it does not know. */
public final class RecordJson {

    public static final ObjectMapper MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private RecordJson() {}

    public static String line(Object record) {
        try {
            return MAPPER.writeValueAsString(record);
        } catch (IOException e) {
            throw new IllegalStateException("record cannot be written as JSON", e);
        }
    }

    public static NodeRecord readNode(String json) throws IOException {
        JsonNode tree = MAPPER.readTree(json);
        requireSchema(tree, NodeRecord.SCHEMA);
        return MAPPER.treeToValue(tree, NodeRecord.class);
    }

    /** Every record of a {@code records.jsonl} file, in order; a {@code .gz} one (an exported study's) is read through gzip. */
    public static List<NodeRecord> readNodes(Path file) throws IOException {
        List<NodeRecord> out = new ArrayList<>();
        int lineNo = 0;
        List<String> lines;
        if (file.getFileName().toString().endsWith(".gz")) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            }
        } else {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        }
        for (String line : lines) {
            lineNo++;
            if (line.isBlank()) continue;
            try {
                out.add(readNode(line));
            } catch (IOException e) {
                throw new IOException(file + " line " + lineNo + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    public static CellSummary readCell(Path file) throws IOException {
        JsonNode tree = MAPPER.readTree(file.toFile());
        requireSchema(tree, CellSummary.SCHEMA);
        return MAPPER.treeToValue(tree, CellSummary.class);
    }

    private static void requireSchema(JsonNode tree, String expected) throws IOException {
        String schema = tree.path("schema").asText("");
        if (!expected.equals(schema)) {
            throw new IOException("unknown schema '" + schema + "' (this gsnode reads " + expected + ")");
        }
    }
}
