package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The emitter and the reader agree, and the reader refuses what it does not understand. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class YamlSubsetReaderTest {

    @Test
    void whatTheEmitterWritesReadsBackEqual() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("path", "/usr/bin/java");
        inner.put("args", List.of("-cp", "a \"quoted\" \\ value", "1", "tab\there", "line\nbreak"));
        inner.put("environment", Map.of("X", "2"));
        inner.put("state", Map.of("exited", 0L));
        inner.put("empty", Map.of());
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("x-gsnode", Map.of("n", 3L));
        root.put("general", Map.of("stop_time", "10 s", "progress", true));
        root.put("node0.example", Map.of("processes", List.of(inner, Map.of("path", "b"))));
        root.put("list", List.of());
        StringWriter text = new StringWriter();
        YamlEmitter y = new YamlEmitter(text);
        y.comment("a comment");
        y.document(root);
        assertEquals(root, YamlSubsetReader.parse(text.toString()));
    }

    @Test
    void aNumberInQuotesStaysAString() {
        Map<String, Object> m = YamlSubsetReader.parse("a: \"1\"\nb: 1\nc: 0.5\nd: word\n");
        assertEquals("1", m.get("a"));
        assertEquals(1L, m.get("b"));
        assertEquals(0.5, m.get("c"));
        assertEquals("word", m.get("d"));
    }

    @Test
    void duplicateKeysFlowCollectionsAndTabsAreRefused() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> YamlSubsetReader.parse("a: 1\na: 2\n"))
                .getMessage().contains("duplicate key"));
        assertThrows(IllegalArgumentException.class, () -> YamlSubsetReader.parse("a: [1, 2]\n"));
        assertThrows(IllegalArgumentException.class, () -> YamlSubsetReader.parse("a:\n\tb: 1\n"));
        assertThrows(IllegalArgumentException.class, () -> YamlSubsetReader.parse("a: &anchor 1\n"));
    }
}
