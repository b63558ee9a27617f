package io.gsnode.k8s.pods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;

/** What the kubelet does with the topology's ConfigMaps: each binaryData key becomes a file of the projected volume. */
final class ConfigMapParts {

    private ConfigMapParts() {}

    /** Reads {@code manifests}' 10-topology.yaml and writes its parts into {@code dir}; returns how many. */
    static int project(Path manifests, Path dir) throws IOException {
        Files.createDirectories(dir);
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        int files = 0;
        try (YAMLParser p = new YAMLFactory().createParser(manifests.resolve("10-topology.yaml").toFile())) {
            Iterator<JsonNode> docs = yaml.readValues(p, JsonNode.class);
            while (docs.hasNext()) {
                JsonNode cm = docs.next();
                for (Iterator<Map.Entry<String, JsonNode>> it = ((ObjectNode) cm.get("binaryData")).fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    Files.write(dir.resolve(e.getKey()), Base64.getDecoder().decode(e.getValue().asText()));
                    files++;
                }
            }
        }
        return files;
    }
}
