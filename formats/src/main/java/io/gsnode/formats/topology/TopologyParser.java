package io.gsnode.formats.topology;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * One pass over a topology file with Jackson's streaming parser. It checks every value as it goes
 * (types, ranges that need no context, IP syntax and uniqueness, non-negative latencies) and keeps
 * everything except the latency matrix, whose values go to a {@link LatencySink} that keeps only
 * what its caller needs. Checks that need the whole file are {@link TopologyChecks}'.
 *
 * <p>JSON does not order an object's keys, and a file written by another tool may put
 * {@code latency_us} before {@code n} (Python's {@code sort_keys} does). A sink that needs n to
 * place a value is then not fed, and {@link RawTopology#latencyDeferred} tells the reader to feed
 * it in a second pass with {@link #replayLatency}. The writer puts {@code n} first, so its files
 * take one pass.
 */
final class TopologyParser {

    /** Receives latency values in file order: value k is row k / n, column k % n. */
    interface LatencySink {
        void accept(long k, int micros) throws IOException;
    }

    /** The top-level fields, in the order the writer writes them. */
    static final List<String> FIELDS = List.of("schema", "n", "seed", "degree", "latency_model", "scenario",
            "publisher", "nodes", "edges", "latency_us");

    /** The fields of a node entry, in the order the writer writes them. */
    static final List<String> NODE_FIELDS = List.of("index", "ip", "region", "class", "up_bps", "down_bps");

    /** The largest n accepted: what the address plan can number, and what bounds a row's memory. */
    static final int MAX_N = IpPlan.MAX_NODES;

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final JsonParser p;
    private final LatencySink sink;
    private final IntFunction<LatencySink> sinkForN;
    private final RawTopology raw = new RawTopology();

    private TopologyParser(JsonParser p, LatencySink sink, IntFunction<LatencySink> sinkForN) {
        this.p = p;
        this.sink = sink;
        this.sinkForN = sinkForN;
    }

    static JsonFactory json() {
        return JSON;
    }

    /** Parses a whole file, feeding every latency value to {@code sink}, whatever the key order. */
    static RawTopology parse(JsonParser p, LatencySink sink) throws IOException {
        return new TopologyParser(p, sink, null).parseTopologyOrExplain();
    }

    /**
     * Parses a whole file, feeding the latency values to the sink that {@code sinkForN} makes for
     * n, if n came before latency_us; if not, sets {@link RawTopology#latencyDeferred}. The sink
     * made is {@link RawTopology#latencySink}.
     */
    static RawTopology parse(JsonParser p, IntFunction<LatencySink> sinkForN) throws IOException {
        return new TopologyParser(p, null, sinkForN).parseTopologyOrExplain();
    }

    /** Second pass over a file already parsed and checked: feeds only latency_us to {@code sink}. */
    static void replayLatency(JsonParser p, LatencySink sink) throws IOException {
        TopologyParser parser = new TopologyParser(p, sink, null);
        parser.next();
        while (parser.next() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            parser.next();
            if (field.equals("latency_us")) {
                parser.readLatency();
            } else {
                p.skipChildren();
            }
        }
    }

    /**
     * Malformed JSON can surface in any call (strings decode lazily), so it is caught here, once;
     * so are Jackson's read limits (a 1000-digit number), which are not StreamReadExceptions.
     */
    private RawTopology parseTopologyOrExplain() throws IOException {
        try {
            return parseTopology();
        } catch (JsonProcessingException e) {
            throw notJson(e);
        }
    }

    private RawTopology parseTopology() throws IOException {
        JsonToken t = next();
        if (t == null) throw invalid("the file is empty");
        if (t != JsonToken.START_OBJECT) throw invalid("a topology is one JSON object, the file holds " + describe(t));
        Set<String> seen = new HashSet<>();
        while (next() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            if (!seen.add(field)) throw invalid("field '" + field + "' appears twice");
            next();
            readField(field);
        }
        if (next() != null) {
            throw invalid("unexpected content after the topology object at " + where(p.currentTokenLocation()));
        }
        return raw;
    }

    private void readField(String field) throws IOException {
        switch (field) {
            case "schema" -> {
                raw.schema = readString(field);
                if (!raw.schema.equals(Topology.SCHEMA)) {
                    throw invalid("unknown schema " + quote(raw.schema) + "; this reader knows " + Topology.SCHEMA);
                }
            }
            case "n" -> raw.n = readInt(field, 2, MAX_N);
            case "seed" -> raw.seed = readLong(field, Long.MIN_VALUE);
            case "degree" -> raw.degree = readInt(field, 0, MAX_N);
            case "latency_model" -> {
                String name = readString(field);
                raw.latencyModel = LatencyModel.fromWireName(name).orElseThrow(() -> invalid(
                        "latency_model " + quote(name) + " is unknown (" + LatencyModel.wireNames() + ")"));
            }
            case "scenario" -> {
                String name = readString(field);
                raw.scenario = Scenario.parse(name).orElseThrow(() -> invalid(
                        "scenario " + quote(name) + " is unknown (" + Scenario.NAMES + ")"));
            }
            case "publisher" -> raw.publisher = readInt(field, 0, MAX_N);
            case "nodes" -> raw.nodes = readNodes();
            case "edges" -> readEdges();
            case "latency_us" -> readLatency();
            default -> throw invalid("unknown field " + quote(field) + " (" + Topology.SCHEMA + " has "
                    + String.join(", ", FIELDS) + ")");
        }
    }

    private List<TopologyNode> readNodes() throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw invalid("nodes must be an array of node objects, was " + describe(p.currentToken()));
        }
        List<TopologyNode> nodes = new ArrayList<>();
        Map<String, Integer> ipOwners = new HashMap<>();
        while (next() != JsonToken.END_ARRAY) {
            nodes.add(readNode(nodes.size(), ipOwners));
        }
        return nodes;
    }

    private TopologyNode readNode(int position, Map<String, Integer> ipOwners) throws IOException {
        String at = "nodes[" + position + "]";
        if (p.currentToken() != JsonToken.START_OBJECT) throw invalid(at + " must be an object, was " + describe(p.currentToken()));
        Integer index = null;
        String ip = null;
        Region region = null;
        LinkClass linkClass = null;
        Long up = null;
        Long down = null;
        Set<String> seen = new HashSet<>();
        while (next() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            String path = at + "." + field;
            if (!seen.add(field)) throw invalid(at + ": field '" + field + "' appears twice");
            next();
            switch (field) {
                case "index" -> {
                    index = readInt(path, 0, MAX_N);
                    if (index != position) {
                        throw invalid(path + " is " + index + "; nodes must be listed in index order, so it should be " + position);
                    }
                }
                case "ip" -> {
                    ip = readString(path);
                    String problem = Ipv4.problemWith(ip);
                    if (problem != null) throw invalid(path + " " + quote(ip) + " " + problem);
                    Integer owner = ipOwners.putIfAbsent(ip, position);
                    if (owner != null) throw invalid(path + " " + ip + " is already nodes[" + owner + "]'s");
                }
                case "region" -> {
                    String name = readString(path);
                    region = Region.fromWireName(name).orElseThrow(() -> invalid(
                            path + " " + quote(name) + " is unknown (" + Region.wireNames() + ")"));
                }
                case "class" -> {
                    String name = readString(path);
                    linkClass = LinkClass.fromWireName(name).orElseThrow(() -> invalid(
                            path + " " + quote(name) + " is unknown (" + LinkClass.wireNames() + ")"));
                }
                case "up_bps" -> up = readLong(path, 1);
                case "down_bps" -> down = readLong(path, 1);
                default -> throw invalid(at + ": unknown field " + quote(field) + " (a node has "
                        + String.join(", ", NODE_FIELDS) + ")");
            }
        }
        for (String field : NODE_FIELDS) {
            if (!seen.contains(field)) throw invalid(at + " has no '" + field + "'");
        }
        return new TopologyNode(index, ip, region, linkClass, up, down);
    }

    private void readEdges() throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw invalid("edges must be an array of [a, b] pairs, was " + describe(p.currentToken()));
        }
        raw.edgeA = new IntList(1024);
        raw.edgeB = new IntList(1024);
        while (next() != JsonToken.END_ARRAY) {
            int k = raw.edgeA.size();
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw invalid("edges[" + k + "] must be a pair [a, b] of node indices, was " + describe(p.currentToken()));
            }
            raw.edgeA.add(readEdgeEnd(k));
            raw.edgeB.add(readEdgeEnd(k));
            if (next() != JsonToken.END_ARRAY) throw invalid("edges[" + k + "] must be a pair [a, b], it has more than two entries");
        }
    }

    private int readEdgeEnd(int k) throws IOException {
        JsonToken t = next();
        if (t == JsonToken.END_ARRAY) throw invalid("edges[" + k + "] must be a pair [a, b], it has fewer than two entries");
        if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
            throw invalid("edges[" + k + "] must hold two node indices, found " + describeValue(t));
        }
        return p.getIntValue();
    }

    private void readLatency() throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw invalid("latency_us must be an array of n*n integers, was " + describe(p.currentToken()));
        }
        LatencySink target = sink;
        if (target == null && sinkForN != null) {
            if (raw.n != null) {
                target = sinkForN.apply(raw.n);
            } else {
                raw.latencyDeferred = true;
            }
        }
        raw.latencySink = target;
        long k = 0;
        JsonToken t;
        while ((t = next()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.VALUE_NUMBER_INT) {
                throw invalid("latency_us" + cell(k) + " must be an integer number of microseconds, was " + describeValue(t));
            }
            if (p.getNumberType() != JsonParser.NumberType.INT) {
                throw invalid("latency_us" + cell(k) + " " + p.getText() + " is out of range (0.." + Integer.MAX_VALUE + " µs)");
            }
            int micros = p.getIntValue();
            if (micros < 0) throw invalid("latency_us" + cell(k) + " is negative: " + micros);
            if (target != null) target.accept(k, micros);
            k++;
        }
        raw.latencyCount = k;
    }

    /** "[k]", with the row and column when n is known. */
    private String cell(long k) {
        return raw.n == null ? "[" + k + "]" : "[" + k + "] (row " + k / raw.n + ", column " + k % raw.n + ")";
    }

    private String readString(String path) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_STRING) throw invalid(path + " must be a string, was " + describeValue(p.currentToken()));
        return p.getText();
    }

    private int readInt(String path, int min, int max) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_NUMBER_INT) throw invalid(path + " must be an integer, was " + describeValue(t));
        if (p.getNumberType() != JsonParser.NumberType.INT || p.getIntValue() < min || p.getIntValue() > max) {
            throw invalid(path + " must be in " + min + ".." + max + ", was " + p.getText());
        }
        return p.getIntValue();
    }

    private long readLong(String path, long min) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_NUMBER_INT) throw invalid(path + " must be an integer, was " + describeValue(t));
        JsonParser.NumberType type = p.getNumberType();
        if (type == JsonParser.NumberType.BIG_INTEGER) throw invalid(path + " " + p.getText() + " does not fit in 64 bits");
        if (p.getLongValue() < min) throw invalid(path + " must be at least " + min + ", was " + p.getLongValue());
        return p.getLongValue();
    }

    private JsonToken next() throws IOException {
        return p.nextToken();
    }

    private static InvalidTopologyException notJson(JsonProcessingException e) {
        String first = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
        return new InvalidTopologyException("not valid JSON: " + first + " at " + where(e.getLocation()));
    }

    private static String where(JsonLocation location) {
        return location == null ? "an unknown position"
                : "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static InvalidTopologyException invalid(String problem) {
        return new InvalidTopologyException(problem);
    }

    /** A value for a message, short enough to read: long strings are cut. */
    static String quote(String s) {
        return "'" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "'";
    }

    private String describeValue(JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_STRING) return "the string " + quote(p.getText());
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) return "the number " + p.getText();
        return describe(t);
    }

    private static String describe(JsonToken t) {
        if (t == null) return "nothing (the file ends)";
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT -> "an integer";
            case VALUE_NUMBER_FLOAT -> "a fractional number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.asString() == null ? t.name() : t.asString();
        };
    }
}
