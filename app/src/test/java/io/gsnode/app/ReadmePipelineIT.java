package io.gsnode.app;

import static io.gsnode.app.GsnodeJar.JAR;
import static io.gsnode.app.GsnodeJar.JAVA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gsnode.netns.cell.NamespaceSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The README's pipeline ("Running cells"), read from the README itself: every command parses, the
 * cells it compares can pair, and (long tier) it runs as written on a 4-node topology.
 */
class ReadmePipelineIT {

    private static final Path README = Path.of("..", "README.md");

    @TempDir
    Path dir;

    /** The {@code ./gsnode} lines of the README's first sh block under "Running cells", without their comments. */
    static List<List<String>> pipeline() throws IOException {
        String readme = Files.readString(README);
        int section = readme.indexOf("## Running cells");
        int start = readme.indexOf("```sh\n", section) + 6;
        int end = readme.indexOf("```", start);
        List<List<String>> out = new ArrayList<>();
        for (String line : readme.substring(start, end).split("\n")) {
            String code = line.replaceAll("\\s+#.*$", "").strip();
            if (!code.startsWith("./gsnode ")) continue;
            out.add(List.of(code.substring("./gsnode ".length()).split("\\s+")));
        }
        return out;
    }

    @Test
    void everyCommandOfTheReadmesPipelineParsesAndTheCellsItComparesCanPair() throws Exception {
        List<List<String>> commands = pipeline();
        assertTrue(commands.size() >= 6, "the pipeline: " + commands);
        Map<String, List<String>> cellsByOut = new HashMap<>();
        for (List<String> c : commands) {
            CommandLine root = Gsnode.commandLine(c.toArray(String[]::new));
            root.parseArgs(c.toArray(String[]::new)); // throws on anything gsnode would refuse to parse
            if (c.get(0).equals("cell")) cellsByOut.put(value(c, "--out"), c);
        }
        List<String> compare = commands.stream().filter(c -> c.get(0).equals("compare")).findFirst().orElseThrow();
        List<List<String>> sides = new ArrayList<>();
        for (int i = 0; i < compare.size(); i++) {
            if (compare.get(i).equals("--backend")) sides.add(cellsByOut.get(compare.get(i + 1).split("=", 2)[1]));
        }
        assertEquals(2, sides.size(), "compare names two cells of the pipeline: " + compare);
        for (String option : List.of("--arm", "--transport", "--topology", "--payload", "--runs", "--queue")) {
            assertEquals(value(sides.get(0), option), value(sides.get(1), option), option + " differs between the cells compared, "
                    + "so they would not pair");
        }
    }

    @Test
    @Tag("long")
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void theReadmesPipelineRunsAsWrittenOnFourNodes() throws Exception {
        Optional<Path> shadow = GsnodeJar.findShadow();
        assumeTrue(shadow.isPresent(), "no Shadow");
        assumeTrue(NamespaceSupport.available(), "no network namespaces");
        for (List<String> c : pipeline()) {
            List<String> args = new ArrayList<>();
            for (int i = 0; i < c.size(); i++) {
                // Smaller, as the test's only change: 4 nodes and one run.
                String a = c.get(i);
                String previous = i > 0 ? c.get(i - 1) : "";
                args.add(previous.equals("--n") ? "4" : previous.equals("--degree") ? "3" : previous.equals("--runs") ? "1" : a);
            }
            if (args.get(0).equals("timeline")) args.set(1, args.get(1).replace("/run-0", ""));
            Map<String, String> env = Map.of("GSNODE_SHADOW", shadow.get().toString());
            ProcessBuilder pb = new ProcessBuilder(command(args)).directory(dir.toFile());
            pb.environment().putAll(env);
            Path log = dir.resolve("step-" + args.get(0) + ".log");
            Process p = pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
            assertTrue(p.waitFor(8, TimeUnit.MINUTES), String.join(" ", args) + " did not end");
            assertEquals(0, p.exitValue(), String.join(" ", args) + ":\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        assertTrue(Files.isRegularFile(dir.resolve("fig1.png")));
        assertTrue(Files.isRegularFile(dir.resolve("pub.png")));
        assertFalse(Files.readString(dir.resolve("step-compare.log")).contains("nothing to pair"));
    }

    private static List<String> command(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(JAVA.toString(), "-jar", JAR.toString()));
        cmd.addAll(args);
        return cmd;
    }

    private static String value(List<String> c, String option) {
        int i = c.indexOf(option);
        return i < 0 ? null : c.get(i + 1);
    }
}
