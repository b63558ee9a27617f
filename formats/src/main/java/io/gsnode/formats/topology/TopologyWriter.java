package io.gsnode.formats.topology;

import com.fasterxml.jackson.core.JsonGenerator;
import io.gsnode.formats.files.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Writes a {@link Topology} as a compact {@code gsnode.topology/1} file: no whitespace, integers
 * only, the latency matrix row-major, and the fields in the order {@link TopologyParser#FIELDS}
 * lists, so that {@code n} precedes {@code latency_us} and a reader needs one pass. The matrix is
 * streamed row by row from {@link LatencyMatrix#micros}, so a computed matrix is never held whole.
 */
public final class TopologyWriter {

    private TopologyWriter() {
    }

    /** Writes {@code topology} to {@code out}, which stays open (the caller closes it). */
    public static void write(Topology topology, OutputStream out) throws IOException {
        try (JsonGenerator g = TopologyParser.json().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("schema", Topology.SCHEMA);
            g.writeNumberField("n", topology.n());
            g.writeNumberField("seed", topology.seed());
            g.writeNumberField("degree", topology.degree());
            g.writeStringField("latency_model", topology.latencyModel().wireName());
            g.writeStringField("scenario", topology.scenario().name());
            g.writeNumberField("publisher", topology.publisher());
            writeNodes(g, topology);
            writeEdges(g, topology);
            writeLatency(g, topology.latency());
            g.writeEndObject();
            g.writeRaw('\n');
        }
        out.flush();
    }

    /**
     * Writes {@code topology} to {@code file} through a temporary sibling that is then moved into
     * place, so no reader ever sees a half-written file.
     */
    public static void write(Topology topology, Path file) throws IOException {
        AtomicFiles.write(file, out -> write(topology, out));
    }

    private static void writeNodes(JsonGenerator g, Topology topology) throws IOException {
        g.writeArrayFieldStart("nodes");
        for (TopologyNode node : topology.nodes()) {
            g.writeStartObject();
            g.writeNumberField("index", node.index());
            g.writeStringField("ip", node.ip());
            g.writeStringField("region", node.region().wireName());
            g.writeStringField("class", node.linkClass().wireName());
            g.writeNumberField("up_bps", node.upBps());
            g.writeNumberField("down_bps", node.downBps());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void writeEdges(JsonGenerator g, Topology topology) throws IOException {
        g.writeArrayFieldStart("edges");
        for (Edge e : topology.edges()) {
            g.writeStartArray();
            g.writeNumber(e.a());
            g.writeNumber(e.b());
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    private static void writeLatency(JsonGenerator g, LatencyMatrix latency) throws IOException {
        g.writeArrayFieldStart("latency_us");
        int n = latency.n();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g.writeNumber(latency.micros(i, j));
            }
        }
        g.writeEndArray();
    }
}
