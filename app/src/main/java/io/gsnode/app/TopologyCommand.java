package io.gsnode.app;

import io.gsnode.formats.topology.InvalidTopologyException;
import io.gsnode.formats.topology.IpPlan;
import io.gsnode.formats.topology.LatencyModel;
import io.gsnode.formats.topology.Scenario;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.formats.topology.TopologyWriter;
import io.gsnode.tools.topology.EdgeKind;
import io.gsnode.tools.topology.TopologyGenerator;
import io.gsnode.tools.topology.TopologyParams;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gsnode topology}: draws a {@code gsnode.topology/1} file (docs/arms.md §10; format in
 * docs/topology.md), or with {@code --check FILE} validates one. Exit 0 on success; 2 on bad usage
 * or an invalid file, with one line saying why; 1 when the output cannot be written.
 *
 * <p>Its own usage errors are one line on stderr, not picocli's message plus the whole usage,
 * so the reason is what a script's log shows; picocli's parse errors ("--n abc") keep picocli's form.
 */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = {"Generates or checks a gsnode.topology/1 file (dial graph, links, latencies).",
                "Generation follows docs/arms.md §10 and writes to --out or stdout. --check FILE validates",
                "a file: a one-line summary and exit 0, or the problem and exit 2.",
                "Node i's IP is 10.(b/256).(b%%256).(i%%254+1) with b = i/254 (docs/topology.md)."})
public final class TopologyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--n", paramLabel = "N", description = "Node count, 2.." + IpPlan.MAX_NODES + " (required to generate).")
    Integer n;

    @Option(names = "--degree", paramLabel = "D",
            description = "Degree of the random regular graph (default: ${DEFAULT-VALUE}); clamped to N-1, "
                    + "decremented if N*D is odd, at least 2 (1 at N = 2).")
    int degree = TopologyParams.DEFAULT_DEGREE;

    @Option(names = "--seed", paramLabel = "S",
            description = "Seed of the graph, region and jitter draws (default: ${DEFAULT-VALUE}, the report's first seed).")
    long seed = 7;

    @Option(names = "--latency", paramLabel = "MODEL", description = "geo or uniform (default: ${DEFAULT-VALUE}).")
    String latency = LatencyModel.GEO.wireName();

    @Option(names = "--scenario", paramLabel = "NAME",
            description = "Link scenario: home, dc20, dcb20 or upN, e.g. up25 (default: ${DEFAULT-VALUE}).")
    String scenario = "home";

    @Option(names = "--edges", paramLabel = "KIND", description = "regular, line or star (default: ${DEFAULT-VALUE}).")
    String edges = EdgeKind.REGULAR.wireName();

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write the topology (default: stdout).")
    Path out;

    @Option(names = "--check", paramLabel = "FILE", description = "Validate FILE instead of generating; takes no other option.")
    Path check;

    @Override
    public Integer call() {
        try {
            return check != null ? check() : generate(params());
        } catch (UsageException e) {
            System.err.println("gsnode topology: " + e.getMessage() + " (see gsnode topology --help)");
            return 2;
        }
    }

    private int generate(TopologyParams params) {
        if (out != null && Files.isDirectory(out)) {
            throw new UsageException("--out " + out + " is a directory: give the topology file's name, for example " + out.resolve("topo.json"));
        }
        Topology topology = TopologyGenerator.generate(params);
        if (params.edges() == EdgeKind.REGULAR && topology.degree() != degree) {
            System.err.printf("gsnode topology: degree %d clamped to %d at n = %d (docs/arms.md §10.1)%n",
                    degree, topology.degree(), n);
        }
        try {
            if (out == null) {
                TopologyWriter.write(topology, System.out);
                // PrintStream swallows write errors (a closed pipe); it only remembers them.
                if (System.out.checkError()) throw new IOException("the stream reported an error (closed pipe?)");
            } else {
                TopologyWriter.write(topology, out);
                System.err.printf("gsnode topology: wrote %s (n=%d, %d edges, %s, %s)%n", out, topology.n(),
                        topology.edges().size(), topology.latencyModel().wireName(), topology.scenario().name());
            }
        } catch (IOException e) {
            System.err.println("gsnode topology: cannot write " + (out == null ? "stdout" : out) + ": " + reason(e));
            return 1;
        }
        return 0;
    }

    private int check() {
        List<String> others = spec.commandLine().getParseResult().matchedOptions().stream()
                .map(option -> option.longestName()).filter(name -> !name.equals("--check")).toList();
        if (!others.isEmpty()) throw usage("--check FILE takes no other option, got " + String.join(", ", others));
        try {
            System.out.println(TopologyReader.check(check).oneLine());
            return 0;
        } catch (InvalidTopologyException e) {
            System.err.println(check + ": " + e.getMessage());
        } catch (IOException e) {
            System.err.println(check + ": cannot read: " + reason(e));
        }
        return 2;
    }

    /** An I/O failure in words: NIO's exceptions carry only the path as their message. */
    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException missing) return "no such file or directory: " + missing.getFile();
        if (e instanceof AccessDeniedException denied) return "permission denied: " + denied.getFile();
        return e.getMessage();
    }

    private TopologyParams params() {
        if (n == null) throw usage("--n is required to generate a topology (or --check FILE to validate one)");
        if (n < 2 || n > IpPlan.MAX_NODES) throw usage("--n must be in 2.." + IpPlan.MAX_NODES + ", was " + n);
        if (degree < 1) throw usage("--degree must be at least 1, was " + degree);
        LatencyModel model = LatencyModel.fromWireName(latency)
                .orElseThrow(() -> usage("--latency must be one of " + LatencyModel.wireNames() + ", was '" + latency + "'"));
        Scenario links = Scenario.parse(scenario)
                .orElseThrow(() -> usage("--scenario must be one of " + Scenario.NAMES + ", was '" + scenario + "'"));
        EdgeKind kind = EdgeKind.fromWireName(edges)
                .orElseThrow(() -> usage("--edges must be regular, line or star, was '" + edges + "'"));
        return new TopologyParams(n, degree, seed, model, links, kind);
    }

    private static UsageException usage(String message) {
        return new UsageException(message);
    }

    /** A command line this command refuses; reported as one line, exit 2. */
    private static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
