package io.gsnode.node.peer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/** Writes one JSON object per line, flushed per line; safe to call from any thread. */
public final class EventLog {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final PrintStream out;

    public EventLog(PrintStream out) {
        this.out = out;
    }

    /** Emits {@code {"event": name, k1: v1, ...}} with the fields in the order given. */
    public void emit(String name, Object... keyValues) {
        if (keyValues.length % 2 != 0) throw new IllegalArgumentException("keys and values must pair up");
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("event", name);
        for (int i = 0; i < keyValues.length; i += 2) {
            event.put((String) keyValues[i], keyValues[i + 1]);
        }
        String line;
        try {
            line = JSON.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("event " + name + " cannot be written as JSON", e);
        }
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
