package io.gsnode.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * A Shadow run shaped as the harness makes one ({@code network_graph.py},
 * {@code shadow.template.yaml}): the 16-node graph of 8 regions by {supernode, fullnode} with
 * the harness's latency table, hosts {@code node<i>} placed by the regions' weights (all
 * fullnodes here: 50 Mbit each way), {@code model_unblocked_syscall_latency}, the 7.5 MB socket
 * buffers, and each process run as {@code <path> --params <abs>/params.json} with only
 * {@code RUST_LOG} in its environment.
 */
final class HarnessShadowCell {

    /** One host's program: its executable and the arguments before {@code --params}. */
    record Program(Path path, List<String> argsBefore) {}

    private static final String[] REGIONS = {"australia", "europe", "east_asia", "west_asia", "na_east", "na_west",
            "south_africa", "south_america"};
    private static final int[] REGION_WEIGHTS = {290, 5599, 1059, 161, 2894, 1240, 47, 36};
    /** Latency in ms from region i to region j: the harness's table (not quite symmetric). */
    private static final int[][] LATENCY_MS = {
            {2, 165, 110, 180, 150, 110, 220, 190},
            {165, 2, 125, 60, 70, 110, 95, 140},
            {110, 125, 4, 110, 140, 100, 175, 175},
            {180, 60, 110, 5, 110, 150, 110, 145},
            {150, 70, 140, 110, 2, 60, 130, 100},
            {110, 110, 100, 150, 60, 2, 160, 100},
            {220, 95, 175, 110, 130, 160, 7, 195},
            {190, 140, 175, 145, 100, 100, 195, 7}};
    private static final String[] TYPES = {"supernode", "fullnode"};
    private static final int[] TYPE_MBIT = {1024, 50};
    private static final int FULLNODE = 1;

    private final Path dir;
    private long peakMemory;

    HarnessShadowCell(Path dir) {
        this.dir = dir;
    }

    Path dataDir() {
        return dir.resolve("shadow.data");
    }

    /** Writes graph.gml, params.json and shadow.yaml for {@code programs.get(i)} on node i. */
    void write(String params, List<Program> programs, long seed) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("graph.gml"), gml());
        Path paramsFile = Files.writeString(dir.resolve("params.json"), params).toAbsolutePath();
        ObjectMapper yaml = new YAMLMapper();
        ObjectNode config = yaml.createObjectNode();
        config.putObject("general").put("model_unblocked_syscall_latency", true).put("stop_time", "10 min");
        config.putObject("experimental").put("socket_recv_buffer", 7_500_000).put("socket_send_buffer", 7_500_000);
        config.putObject("network").putObject("graph").put("type", "gml").putObject("file").put("path", "graph.gml");
        ObjectNode hosts = config.putObject("hosts");
        Random random = new Random(seed);
        for (int i = 0; i < programs.size(); i++) {
            Program p = programs.get(i);
            List<String> args = new ArrayList<>(p.argsBefore());
            args.add("--params");
            args.add(paramsFile.toString());
            ObjectNode process = hosts.putObject(NodeName.of(i)).put("network_node_id", FULLNODE * REGIONS.length + region(random))
                    .putArray("processes").addObject();
            process.put("path", p.path().toAbsolutePath().toString()).put("args", String.join(" ", args));
            process.putObject("environment").put("RUST_LOG", "debug");
        }
        yaml.writeValue(dir.resolve("shadow.yaml").toFile(), config);
    }

    /**
     * Runs Shadow on the config; returns its exit status, with its output in shadow.log. While it
     * runs, the machine's memory in use (total less available) is sampled each half second; its
     * peak above the level before the run is {@link #peakMemoryBytes()}.
     */
    int run(Path shadow, int timeoutSeconds) throws IOException, InterruptedException {
        long before = memoryInUse();
        Process p = new ProcessBuilder(shadow.toString(), "-d", dataDir().toString(), "shadow.yaml").directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve("shadow.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (!p.waitFor(500, TimeUnit.MILLISECONDS)) {
            peakMemory = Math.max(peakMemory, memoryInUse() - before);
            if (System.nanoTime() - deadline > 0) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("shadow did not finish in " + timeoutSeconds + " s; see " + dir.resolve("shadow.log"));
            }
        }
        return p.exitValue();
    }

    /** The peak of the machine's memory in use during {@link #run}, above where it stood before; 0 where unknown. */
    long peakMemoryBytes() {
        return peakMemory;
    }

    private static long memoryInUse() throws IOException {
        Path meminfo = Path.of("/proc/meminfo");
        if (!Files.isReadable(meminfo)) return 0;
        long total = 0;
        long available = 0;
        for (String line : Files.readAllLines(meminfo)) {
            String[] f = line.split("\\s+");
            if (f[0].equals("MemTotal:")) total = Long.parseLong(f[1]) * 1024;
            if (f[0].equals("MemAvailable:")) available = Long.parseLong(f[1]) * 1024;
        }
        return total - available;
    }

    /** The JSON lines node {@code i}'s first process wrote to stdout. */
    List<JsonNode> stdout(int node, Program program) throws IOException {
        Path file = dataDir().resolve("hosts").resolve(NodeName.of(node)).resolve(program.path().getFileName() + ".1000.stdout");
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) lines.add(json.readTree(line));
        }
        return lines;
    }

    String stderr(int node, Program program) throws IOException {
        Path file = dataDir().resolve("hosts").resolve(NodeName.of(node)).resolve(program.path().getFileName() + ".1000.stderr");
        return Files.exists(file) ? Files.readString(file) : "(no stderr)";
    }

    private static int region(Random random) {
        int total = 0;
        for (int w : REGION_WEIGHTS) total += w;
        int r = random.nextInt(total);
        for (int i = 0; i < REGION_WEIGHTS.length; i++) {
            r -= REGION_WEIGHTS[i];
            if (r < 0) return i;
        }
        throw new IllegalStateException();
    }

    /** Node id = type * 8 + region; an edge from every node to every node, itself included. */
    private static String gml() {
        StringBuilder g = new StringBuilder("graph [\n  directed 1\n");
        for (int t = 0; t < TYPES.length; t++) {
            for (int r = 0; r < REGIONS.length; r++) {
                g.append("  node [\n    id ").append(t * REGIONS.length + r).append("\n    label \"").append(REGIONS[r]).append('-')
                        .append(TYPES[t]).append("\"\n    host_bandwidth_up \"").append(TYPE_MBIT[t]).append(" Mbit\"\n")
                        .append("    host_bandwidth_down \"").append(TYPE_MBIT[t]).append(" Mbit\"\n  ]\n");
            }
        }
        for (int t1 = 0; t1 < TYPES.length; t1++) {
            for (int t2 = 0; t2 < TYPES.length; t2++) {
                for (int a = 0; a < REGIONS.length; a++) {
                    for (int b = 0; b < REGIONS.length; b++) {
                        g.append("  edge [\n    source ").append(t1 * REGIONS.length + a).append("\n    target ")
                                .append(t2 * REGIONS.length + b).append("\n    latency \"").append(LATENCY_MS[a][b])
                                .append(" ms\"\n    packet_loss 0.0\n  ]\n");
                    }
                }
            }
        }
        return g.append("]\n").toString();
    }
}
