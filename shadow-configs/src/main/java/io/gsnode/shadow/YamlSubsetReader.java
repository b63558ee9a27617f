package io.gsnode.shadow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads back the block-style YAML subset that {@link YamlEmitter} writes: maps, lists, comments
 * on their own lines, and scalars that are double-quoted strings, integers, decimals,
 * {@code true}/{@code false}, {@code null}, {@code {}} or {@code []}. Plain (unquoted) words are
 * read as strings too, so that hand-edited configs in the same style can be checked. Anything else
 * (flow collections with content, anchors, multi-line scalars, tabs) is an error naming the line,
 * so a check never passes on something it did not understand. Duplicate keys are errors, as in
 * YAML 1.2.
 *
 * <p>Strings come back as {@link String}, integers as {@link Long}, decimals as {@link Double}.
 */
public final class YamlSubsetReader {

    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("-?[0-9]+\\.[0-9]+");
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_/.][A-Za-z0-9_./-]*");

    private record Line(int number, int indent, String text) {
    }

    private final List<Line> lines = new ArrayList<>();
    private int pos;

    private YamlSubsetReader(String text) {
        String[] raw = text.split("\n", -1);
        for (int i = 0; i < raw.length; i++) {
            String l = raw[i];
            if (l.indexOf('\t') >= 0) throw error(i + 1, "tab character (YAML indents with spaces only)");
            String stripped = l.strip();
            if (stripped.isEmpty() || stripped.startsWith("#")) continue;
            if (stripped.equals("---")) {
                if (!lines.isEmpty()) throw error(i + 1, "a second document");
                continue;
            }
            lines.add(new Line(i + 1, l.length() - l.stripLeading().length(), stripped));
        }
    }

    /** Parses {@code text}, whose root must be a map. */
    public static Map<String, Object> parse(String text) {
        YamlSubsetReader r = new YamlSubsetReader(text);
        if (r.lines.isEmpty()) throw new IllegalArgumentException("empty YAML document");
        Object root = r.block(0);
        if (r.pos < r.lines.size()) {
            Line l = r.lines.get(r.pos);
            throw error(l.number, "unexpected indentation");
        }
        if (!(root instanceof Map<?, ?>)) throw new IllegalArgumentException("the YAML document is not a map");
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) root;
        return map;
    }

    private Object block(int indent) {
        Line first = lines.get(pos);
        if (first.indent != indent) throw error(first.number, "expected indentation " + indent + ", found " + first.indent);
        return first.text.startsWith("- ") || first.text.equals("-") ? list(indent) : map(indent, new LinkedHashMap<>());
    }

    private Map<String, Object> map(int indent, Map<String, Object> into) {
        while (pos < lines.size() && lines.get(pos).indent == indent && !lines.get(pos).text.startsWith("- ")) {
            Line l = lines.get(pos++);
            entry(l, l.text, indent, into);
        }
        return into;
    }

    /** One {@code key: value} or {@code key:} + nested block, found at {@code indent}. */
    private void entry(Line l, String text, int indent, Map<String, Object> into) {
        int colon = keyEnd(l, text);
        String key = text.substring(0, colon);
        if (key.startsWith("\"")) key = unquote(l, key);
        String rest = text.substring(colon + 1).strip();
        if (into.containsKey(key)) throw error(l.number, "duplicate key '" + key + "'");
        if (!rest.isEmpty()) {
            into.put(key, scalar(l, rest));
        } else if (pos < lines.size() && lines.get(pos).indent > indent) {
            into.put(key, block(lines.get(pos).indent));
        } else {
            into.put(key, null);
        }
    }

    private List<Object> list(int indent) {
        List<Object> out = new ArrayList<>();
        while (pos < lines.size() && lines.get(pos).indent == indent && lines.get(pos).text.startsWith("- ")) {
            Line l = lines.get(pos++);
            String item = l.text.substring(2).strip();
            if (looksLikeEntry(item)) {
                // "- key: value" opens a map whose further keys sit at indent + 2.
                Map<String, Object> m = new LinkedHashMap<>();
                entry(l, item, indent + 2, m);
                if (pos < lines.size() && lines.get(pos).indent == indent + 2) map(indent + 2, m);
                out.add(m);
            } else {
                out.add(scalar(l, item));
            }
        }
        return out;
    }

    private static boolean looksLikeEntry(String text) {
        if (text.startsWith("\"")) {
            int close = closingQuote(text);
            return close > 0 && close + 1 < text.length() && text.charAt(close + 1) == ':';
        }
        int colon = text.indexOf(':');
        return colon > 0 && (colon == text.length() - 1 || text.charAt(colon + 1) == ' ');
    }

    private static int keyEnd(Line l, String text) {
        if (text.startsWith("\"")) {
            int close = closingQuote(text);
            if (close < 0 || close + 1 >= text.length() || text.charAt(close + 1) != ':') throw error(l.number, "expected 'key:'");
            return close + 1;
        }
        int colon = text.indexOf(':');
        if (colon <= 0 || (colon + 1 < text.length() && text.charAt(colon + 1) != ' ')) {
            throw error(l.number, "expected 'key: value' or 'key:', found '" + text + "'");
        }
        return colon;
    }

    private static int closingQuote(String text) {
        for (int i = 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') i++;
            else if (c == '"') return i;
        }
        return -1;
    }

    private static Object scalar(Line l, String text) {
        if (text.startsWith("\"")) {
            if (closingQuote(text) != text.length() - 1) throw error(l.number, "text after a quoted string");
            return unquote(l, text);
        }
        String bare = text;
        int hash = text.indexOf(" #");
        if (hash >= 0) bare = text.substring(0, hash).strip();
        if (bare.equals("{}")) return new LinkedHashMap<String, Object>();
        if (bare.equals("[]")) return new ArrayList<>();
        if (bare.equals("true") || bare.equals("false")) return Boolean.valueOf(bare);
        if (bare.equals("null") || bare.equals("~")) return null;
        if (INTEGER.matcher(bare).matches()) return Long.parseLong(bare);
        if (DECIMAL.matcher(bare).matches()) return Double.parseDouble(bare);
        if (PLAIN.matcher(bare).matches()) return bare;
        throw error(l.number, "'" + text + "' is outside the YAML subset this checker reads (quote strings; no flow collections)");
    }

    private static String unquote(Line l, String quoted) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i < quoted.length() - 1; i++) {
            char c = quoted.charAt(i);
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = quoted.charAt(++i);
            switch (e) {
                case '"' -> b.append('"');
                case '\\' -> b.append('\\');
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'u' -> {
                    b.append((char) Integer.parseInt(quoted.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> throw error(l.number, "unknown escape \\" + e);
            }
        }
        return b.toString();
    }

    private static IllegalArgumentException error(int line, String what) {
        return new IllegalArgumentException("YAML line " + line + ": " + what);
    }
}
