package io.gsnode.shadow;

import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Reads a GML network graph with the rules of Shadow 3.3.0's parser and graph loader
 * (<a href="https://shadow.github.io/docs/guide/network_graph_spec.html">network graph spec</a>),
 * strictly: {@code graph [ ... ]} with {@code directed 0|1} at most once,
 * nodes with a unique integer {@code id}, an optional string {@code label} and quoted
 * {@code host_bandwidth_up/down} bandwidths; edges with integer {@code source}/{@code target},
 * a quoted non-zero integer {@code latency}, an optional {@code jitter} (ignored by Shadow) and a
 * {@code packet_loss} written as a float token in [0, 1] (an integer {@code 0} is rejected by
 * Shadow's parser). Keys other than these are rejected so that a typo cannot pass. Strings are
 * double-quoted with backslash escapes for {@code \} and {@code "} only. Errors name the line.
 */
public final class GmlGraphReader {

    private static final Set<String> NODE_KEYS = Set.of("id", "label", "host_bandwidth_up", "host_bandwidth_down");
    private static final Set<String> EDGE_KEYS = Set.of("source", "target", "latency", "jitter", "packet_loss", "label");

    /** A token's kind: the parser distinguishes an integer from a float as Shadow's does. */
    private enum Kind { OPEN, CLOSE, KEY, INT, FLOAT, STRING, END }

    private final Reader in;
    private final char[] buf = new char[1 << 16];
    private int bufPos;
    private int bufLen;
    private final StringBuilder token = new StringBuilder(64);
    private int line = 1;
    private int peeked = -2;
    private Kind kind;
    private String text;

    private GmlGraphReader(Reader in) {
        this.in = in;
    }

    /** Reads the whole graph from {@code in} (buffer it). */
    public static GmlGraph read(Reader in) throws IOException {
        return new GmlGraphReader(in).graph();
    }

    private GmlGraph graph() throws IOException {
        expectKey("graph");
        expect(Kind.OPEN, "'[' after graph");
        Boolean directed = null;
        Map<Long, GmlGraph.Node> nodes = new HashMap<>();
        long[] src = new long[1024], dst = new long[1024], lat = new long[1024];
        int edges = 0;
        while (true) {
            next();
            if (kind == Kind.CLOSE) break;
            if (kind != Kind.KEY) throw error("expected a key inside graph, found " + describe());
            switch (text) {
                case "directed" -> {
                    if (directed != null) throw error("'directed' given twice");
                    long v = intValue("directed");
                    if (v != 0 && v != 1) throw error("directed must be 0 or 1, was " + v);
                    directed = v == 1;
                }
                case "node" -> {
                    GmlGraph.Node node = node();
                    if (nodes.put(node.id(), node) != null) throw error("node id " + node.id() + " appears twice");
                }
                case "edge" -> {
                    if (edges == src.length) {
                        src = Arrays.copyOf(src, edges * 2);
                        dst = Arrays.copyOf(dst, edges * 2);
                        lat = Arrays.copyOf(lat, edges * 2);
                    }
                    long[] e = edge();
                    src[edges] = e[0];
                    dst[edges] = e[1];
                    lat[edges] = e[2];
                    edges++;
                }
                default -> throw error("unknown graph key '" + text + "'");
            }
        }
        next();
        if (kind != Kind.END) throw error("text after the graph's closing ']'");
        return new GmlGraph(directed != null && directed, nodes, src, dst, lat, edges);
    }

    private GmlGraph.Node node() throws IOException {
        expect(Kind.OPEN, "'[' after node");
        Long id = null;
        String label = null;
        long up = 0, down = 0;
        Set<String> seen = new HashSet<>();
        while (true) {
            next();
            if (kind == Kind.CLOSE) break;
            if (kind != Kind.KEY || !NODE_KEYS.contains(text)) throw error("unknown node key " + describe() + "; allowed: " + NODE_KEYS);
            String key = text;
            if (!seen.add(key)) throw error("node key '" + key + "' given twice");
            switch (key) {
                case "id" -> {
                    id = intValue("id");
                    if (id < 0 || id > 0xffff_ffffL) throw error("node id must be a u32, was " + id);
                }
                case "label" -> label = stringValue("label");
                case "host_bandwidth_up" -> up = bandwidth("host_bandwidth_up");
                case "host_bandwidth_down" -> down = bandwidth("host_bandwidth_down");
                default -> throw new IllegalStateException("node key " + key + " listed but not handled");
            }
        }
        if (id == null) throw error("node without an id");
        return new GmlGraph.Node(id, label, up, down);
    }

    private long[] edge() throws IOException {
        expect(Kind.OPEN, "'[' after edge");
        Long source = null, target = null, latency = null;
        Set<String> seen = new HashSet<>();
        while (true) {
            next();
            if (kind == Kind.CLOSE) break;
            if (kind != Kind.KEY || !EDGE_KEYS.contains(text)) throw error("unknown edge key " + describe() + "; allowed: " + EDGE_KEYS);
            String key = text;
            if (!seen.add(key)) throw error("edge key '" + key + "' given twice");
            switch (key) {
                case "source" -> source = intValue("source");
                case "target" -> target = intValue("target");
                case "latency" -> {
                    latency = time("latency");
                    if (latency == 0) throw error("an edge latency must be non-zero");
                }
                case "jitter" -> time("jitter");
                case "label" -> stringValue("label");
                case "packet_loss" -> {
                    next();
                    if (kind != Kind.FLOAT) {
                        throw error("packet_loss must be a float token such as 0.0 (Shadow rejects an integer), found " + describe());
                    }
                    double loss = Double.parseDouble(text);
                    if (loss < 0 || loss > 1) throw error("packet_loss must be in [0, 1], was " + text);
                }
                default -> throw new IllegalStateException("edge key " + key + " listed but not handled");
            }
        }
        if (source == null || target == null || latency == null) throw error("an edge needs source, target and latency");
        return new long[] {source, target, latency};
    }

    private long bandwidth(String key) throws IOException {
        String v = stringValue(key);
        try {
            return ShadowQuantity.parseBitsPerSecond(v);
        } catch (IllegalArgumentException e) {
            throw error(key + ": " + e.getMessage());
        }
    }

    private long time(String key) throws IOException {
        String v = stringValue(key);
        try {
            return ShadowQuantity.parseTimeNanos(v);
        } catch (IllegalArgumentException e) {
            throw error(key + ": " + e.getMessage());
        }
    }

    private long intValue(String key) throws IOException {
        next();
        if (kind != Kind.INT) throw error(key + " must be an integer, found " + describe());
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException tooLong) {
            throw error(key + " " + text + " is out of range (at most " + Long.MAX_VALUE + ")");
        }
    }

    private String stringValue(String key) throws IOException {
        next();
        if (kind != Kind.STRING) throw error(key + " must be a quoted string, found " + describe());
        return text;
    }

    private void expectKey(String key) throws IOException {
        next();
        if (kind != Kind.KEY || !text.equals(key)) throw error("expected '" + key + "', found " + describe());
    }

    private void expect(Kind k, String what) throws IOException {
        next();
        if (kind != k) throw error("expected " + what + ", found " + describe());
    }

    private String describe() {
        return switch (kind) {
            case OPEN -> "'['";
            case CLOSE -> "']'";
            case END -> "the end of the file";
            case STRING -> "string \"" + text + "\"";
            default -> "'" + text + "'";
        };
    }

    private int read() throws IOException {
        if (peeked != -2) {
            int c = peeked;
            peeked = -2;
            return c;
        }
        // Own buffer: Reader.read() per character is too slow for the ~350 MB graph of N = 2000.
        if (bufPos == bufLen) {
            bufLen = in.read(buf, 0, buf.length);
            bufPos = 0;
            if (bufLen <= 0) {
                bufLen = 0;
                return -1;
            }
        }
        char c = buf[bufPos++];
        if (c == '\n') line++;
        return c;
    }

    private void next() throws IOException {
        int c = read();
        while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = read();
        if (c < 0) {
            kind = Kind.END;
            text = null;
            return;
        }
        if (c == '[' || c == ']') {
            kind = c == '[' ? Kind.OPEN : Kind.CLOSE;
            text = null;
            return;
        }
        token.setLength(0);
        if (c == '"') {
            while (true) {
                c = read();
                if (c < 0) throw error("unterminated string");
                if (c == '"') break;
                if (c == '\\') {
                    c = read();
                    if (c != '\\' && c != '"') throw error("only \\\\ and \\\" escapes are allowed in GML strings");
                }
                token.append((char) c);
            }
            kind = Kind.STRING;
            text = token.toString();
            requireSeparator();
            return;
        }
        while (c >= 0 && c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != '[' && c != ']') {
            token.append((char) c);
            c = read();
        }
        // Shadow's parser wants whitespace after every value; a bracket right after a token is kept for the next call.
        if (c == '[' || c == ']') peeked = c;
        text = token.toString();
        kind = classify(text);
        if (kind == null) throw error("unexpected token '" + text + "'");
    }

    /** INT, FLOAT or KEY by hand: a regex per token is too slow for 24 M tokens at N = 2000. */
    private static Kind classify(String t) {
        char f = t.charAt(0);
        if (Character.isLetter(f) || f == '_') {
            for (int i = 1; i < t.length(); i++) {
                char c = t.charAt(i);
                if (!Character.isLetterOrDigit(c) && c != '_') return null;
            }
            return Kind.KEY;
        }
        boolean dot = false, digits = false;
        for (int i = f == '-' ? 1 : 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c >= '0' && c <= '9') digits = true;
            else if (c == '.' && !dot && digits) dot = true;
            else return null;
        }
        if (!digits || t.endsWith(".")) return null;
        return dot ? Kind.FLOAT : Kind.INT;
    }

    private void requireSeparator() throws IOException {
        int c = read();
        if (c >= 0 && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
            throw error("a value must be followed by whitespace (Shadow's GML parser)");
        }
    }

    private IOException error(String what) {
        return new IOException("GML line " + line + ": " + what);
    }
}
