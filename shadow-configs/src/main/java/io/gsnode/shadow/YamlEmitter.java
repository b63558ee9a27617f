package io.gsnode.shadow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Writes a tree of maps, lists, strings, integers and booleans as block-style YAML, the subset
 * {@link YamlSubsetReader} reads back. Every string is double-quoted, so a value that looks like
 * a number stays a string (Shadow rejects a YAML integer where it wants a string) and no value
 * can be mistaken for YAML syntax. Keys are written plain when they are identifiers or host names,
 * quoted otherwise. Maps keep their iteration order.
 */
public final class YamlEmitter {

    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");
    private static final int INDENT = 2;

    private final Writer out;

    public YamlEmitter(Writer out) {
        this.out = out;
    }

    /** Writes {@code comment} lines (each prefixed with {@code # }). */
    public void comment(String... lines) {
        for (String line : lines) write("# " + line + "\n");
    }

    /** Writes {@code root} as a document. */
    public void document(Map<String, ?> root) {
        map(root, 0);
    }

    private void map(Map<String, ?> map, int indent) {
        for (Map.Entry<String, ?> e : map.entrySet()) {
            write(" ".repeat(indent) + key(e.getKey()) + ":");
            value(e.getValue(), indent);
        }
    }

    /** Writes what follows {@code key:} or {@code - }: a scalar on the line, or a nested block. */
    private void value(Object v, int indent) {
        if (v instanceof Map<?, ?> m && !m.isEmpty()) {
            write("\n");
            map(cast(m), indent + INDENT);
        } else if (v instanceof List<?> l && !l.isEmpty()) {
            write("\n");
            list(l, indent + INDENT);
        } else {
            write(" " + scalar(v) + "\n");
        }
    }

    private void list(List<?> list, int indent) {
        for (Object item : list) {
            if (item instanceof Map<?, ?> m && !m.isEmpty()) {
                // "- " then the first entry on the same line, the others aligned under it.
                boolean first = true;
                for (Map.Entry<String, ?> e : YamlEmitter.<String, Object>cast(m).entrySet()) {
                    write((first ? " ".repeat(indent) + "- " : " ".repeat(indent + INDENT)) + key(e.getKey()) + ":");
                    value(e.getValue(), indent + INDENT);
                    first = false;
                }
            } else if (item instanceof List<?> l && !l.isEmpty()) {
                throw new IllegalArgumentException("a list directly inside a list is outside the emitted YAML subset");
            } else {
                write(" ".repeat(indent) + "- " + scalar(item) + "\n");
            }
        }
    }

    private static String scalar(Object v) {
        if (v instanceof String s) return quote(s);
        if (v instanceof Integer || v instanceof Long) return v.toString();
        if (v instanceof Boolean b) return b.toString();
        if (v instanceof Map<?, ?> m && m.isEmpty()) return "{}";
        if (v instanceof List<?> l && l.isEmpty()) return "[]";
        throw new IllegalArgumentException("cannot write " + (v == null ? "null" : v.getClass().getSimpleName())
                + " in the emitted YAML subset");
    }

    private static String key(String k) {
        return PLAIN_KEY.matcher(k).matches() ? k : quote(k);
    }

    /** A YAML double-quoted scalar: backslash escapes for quote, backslash and control characters. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }

    @SuppressWarnings("unchecked")
    private static <K, V> Map<K, V> cast(Map<?, ?> m) {
        return (Map<K, V>) m;
    }

    private void write(String s) {
        try {
            out.write(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
