package io.gsnode.app.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A campaign as its file states it (docs/studies.md): a name, the cells as a matrix of
 * {@code gsnode cell} options (a list is a dimension, crossed with the others in the order given;
 * a scalar holds for every cell; null, as a value of a dimension, leaves the option out), and
 * arguments passed to every cell as they are.
 *
 * <pre>
 * name: tiny
 * cells:
 *   backend: shadow
 *   n: 8
 *   degree: 4
 *   arm: [wholend, atuned_32k]
 *   transport: [tcp, quic]
 *   seed: [7, 8]
 * args: [--hold, 8000]
 * </pre>
 *
 * @param cells option name (without {@code --}) to its values, in the file's order
 */
public record StudySpec(String name, Map<String, List<Object>> cells, List<String> args) {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    public StudySpec {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException("a study needs a name of letters, digits, '_', '.' and '-', was " + name);
        }
        cells = new LinkedHashMap<>(cells);
        for (Map.Entry<String, List<Object>> e : cells.entrySet()) {
            if (e.getValue().isEmpty()) throw new IllegalArgumentException("cells." + e.getKey() + " has no values");
        }
        args = List.copyOf(args);
    }

    /** Reads a study file, YAML or JSON (JSON is YAML). */
    public static StudySpec read(Path file) throws IOException {
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + ": " + e.getMessage().lines().findFirst().orElse("unreadable"), e);
        }
        if (root == null || !root.isObject()) throw new IllegalArgumentException(file + ": a study is a mapping with name, cells and args");
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!List.of("name", "cells", "args").contains(key)) {
                throw new IllegalArgumentException(file + ": unknown key '" + key + "' (a study has name, cells and args)");
            }
        }
        JsonNode cellsNode = root.path("cells");
        if (!cellsNode.isObject() || cellsNode.isEmpty()) throw new IllegalArgumentException(file + ": 'cells' must map gsnode cell options to values");
        Map<String, List<Object>> cells = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = cellsNode.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            List<Object> values = new ArrayList<>();
            if (e.getValue().isArray()) {
                for (JsonNode v : e.getValue()) values.add(scalar(file, e.getKey(), v));
            } else {
                values.add(scalar(file, e.getKey(), e.getValue()));
            }
            cells.put(e.getKey(), values);
        }
        List<String> args = new ArrayList<>();
        JsonNode argsNode = root.path("args");
        if (!argsNode.isMissingNode() && !argsNode.isNull()) {
            if (!argsNode.isArray()) throw new IllegalArgumentException(file + ": 'args' must be a list of arguments");
            for (JsonNode a : argsNode) args.add(a.asText());
        }
        String name = root.path("name").asText(file.getFileName().toString().replaceFirst("\\.(ya?ml|json)$", ""));
        try {
            return new StudySpec(name, cells, args);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static Object scalar(Path file, String key, JsonNode v) {
        if (v.isNull()) return null;
        if (v.isBoolean()) return v.booleanValue();
        if (v.isIntegralNumber()) return v.longValue();
        if (v.isValueNode()) return v.asText();
        throw new IllegalArgumentException(file + ": cells." + key + " must be a value or a list of values");
    }

    /**
     * This study with {@code key}'s values replaced ({@code --set KEY=V1,V2}): a number, {@code true},
     * {@code false} and {@code default} (the option left out) read as such, anything else as text.
     */
    public StudySpec with(String key, List<String> values) {
        Map<String, List<Object>> out = new LinkedHashMap<>(cells);
        List<Object> parsed = new ArrayList<>();
        for (String v : values) {
            if (v.equals("default")) parsed.add(null);
            else if (v.equals("true") || v.equals("false")) parsed.add(Boolean.valueOf(v));
            else if (v.matches("-?[0-9]+")) parsed.add(Long.valueOf(v));
            else parsed.add(v);
        }
        out.put(key, parsed);
        return new StudySpec(name, out, args);
    }
}
