package io.gsnode.tools.results;

import io.gsnode.formats.record.Build;
import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.CellStatistics;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.wire.WireForm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Synthetic cells with known answers: node 0 publishes, nodes 1..k receive at the given times
 * (null: never completed), every node with the same byte counters and wire form.
 */
public final class CellFixture {

    public String backend = "shadow";
    public String impl = NodeRecord.JAVA;
    public String arm = "atuned_32k";
    public String transport = "quic";
    public String queue = "fifo";
    /** The cell's condition; null: as an older record, which states none (cold). */
    public String condition = NodeRecord.COLD;
    public String scenario = "home";
    public long seed = 7;
    public int payload = 1 << 20;
    public int run = 0;
    public WireForm wire = new WireForm(32, 32, 32768, 800_000, 20);
    public List<Double> completions = List.of(100.0, 200.0);
    public Long rxSocket = 1_200_000L;
    public long rxData = 1_000_000;
    public long rxControl = 20_000;
    public long duplicates = 2;
    public Map<String, Object> host = Map.of();
    /** Write {@code cell.json} too, as a runner does. */
    public boolean summary = true;
    /** Leave these node indices without a record (a node that died before writing one). */
    public List<Integer> missing = List.of();
    /** Each node's timeline, by index; null (none) for the others. Peers are named {@code peerI}. */
    public Map<Integer, NodeRecord.Timeline> timelines = new HashMap<>();
    /** The build every record names. */
    public Build build = new Build(Build.GSNODE, "0.1.0-SNAPSHOT", "0123456789abcdef0123456789abcdef01234567", false, "25");
    /** The gossipsub settings every record's config carries (the cell's settings, compared by pairing). */
    public Map<String, Object> gossip = Map.of("d", 8);

    public static CellFixture cell() {
        return new CellFixture();
    }

    public CellFixture backend(String v) { backend = v; return this; }
    public CellFixture impl(String v) { impl = v; return this; }
    public CellFixture arm(String v) { arm = v; return this; }
    public CellFixture transport(String v) { transport = v; return this; }
    public CellFixture queue(String v) { queue = v; return this; }
    public CellFixture condition(String v) { condition = v; return this; }
    public CellFixture scenario(String v) { scenario = v; return this; }
    public CellFixture seed(long v) { seed = v; return this; }
    public CellFixture payload(int v) { payload = v; return this; }
    public CellFixture run(int v) { run = v; return this; }
    public CellFixture wire(int msgs, int unit, int idBytes) { wire = new WireForm(msgs, msgs, unit, 800_000, idBytes); return this; }
    public CellFixture noWireForm() { wire = null; return this; }
    public CellFixture completions(Double... v) { completions = Arrays.asList(v); return this; }
    public CellFixture rx(long data) { rxData = data; return this; }
    public CellFixture rxSocket(Long v) { rxSocket = v; return this; }
    public CellFixture host(double cpuMean, double cpuPeak, double saturatedS) {
        host = Map.of("cpu_mean", cpuMean, "cpu_peak", cpuPeak, "saturated_s", saturatedS);
        return this;
    }
    public CellFixture noSummary() { summary = false; return this; }
    public CellFixture missing(Integer... indices) { missing = List.of(indices); return this; }
    public CellFixture timeline(int node, NodeRecord.Timeline t) { timelines.put(node, t); return this; }
    public CellFixture commit(String v) { build = new Build(Build.GSNODE, build.version(), v, false, build.runtime()); return this; }
    public CellFixture gossip(Map<String, Object> v) { gossip = v; return this; }

    public int n() {
        return completions.size() + 1;
    }

    public List<NodeRecord> records() {
        List<NodeRecord> out = new ArrayList<>();
        for (int i = 0; i < n(); i++) {
            if (missing.contains(i)) continue;
            Double t = i == 0 ? null : completions.get(i - 1);
            boolean done = i == 0 || t != null;
            CellIdentity identity = new CellIdentity(label(), backend, arm, arm, transport, null, impl, queue, "netem", seed, n(),
                    payload, scenario, run, condition);
            out.add(new NodeRecord(NodeRecord.SCHEMA, identity, i, "peer" + i, i == 0 ? "publisher" : "receiver", "complete", done,
                    i == 0 ? Double.valueOf(0) : t, wire,
                    new NodeRecord.Bytes(rxSocket, rxSocket, rxData, rxData, rxControl, rxControl, 0, 0),
                    new NodeRecord.Msgs(1, duplicates, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                    new NodeRecord.Mesh(2, 2, 2), null, 50L, 1L << 27, 1L << 26, 20, null, null, null, null, new NodeRecord.Times(0, 10_000, 18_000), List.of(), timelines.get(i),
                    Map.of(), Map.of("gossipsub", gossip), build));
        }
        return out;
    }

    public String label() {
        return arm + "_" + seed + "_" + transport + "_n" + n() + "_" + queue + "_r" + run
                + (condition == null || NodeRecord.COLD.equals(condition) ? "" : "_" + condition);
    }

    /** The cell as compare and plot see it, without touching the disk. */
    public Cell asCell(String side) {
        CellSummary s = CellStatistics.summarise(records(), new HashMap<>(host));
        return new Cell(side, Path.of(side, label()), s, wire == null ? null : wire.pairing(),
                wire == null ? "no node record carries a wire form" : null);
    }

    /** Writes the cell under {@code root/label}; returns its directory. */
    public Path writeUnder(Path root) throws IOException {
        Path dir = root.resolve(backend + "-" + impl + "-" + label());
        Files.createDirectories(dir);
        List<NodeRecord> records = records();
        StringBuilder lines = new StringBuilder();
        for (NodeRecord r : records) lines.append(RecordJson.line(r)).append('\n');
        Files.writeString(dir.resolve("records.jsonl"), lines);
        if (summary) {
            Map<String, Object> h = new HashMap<>(host);
            CellSummary s = CellStatistics.summarise(records, h);
            Files.writeString(dir.resolve("cell.json"), RecordJson.line(s) + "\n");
        }
        return dir;
    }
}
