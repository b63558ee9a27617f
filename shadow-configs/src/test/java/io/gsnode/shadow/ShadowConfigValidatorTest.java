package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The validator catches each rule of Shadow's parser when one thing in a valid config is broken. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ShadowConfigValidatorTest {

    @TempDir
    Path tmp;
    private Path config;
    private Path graph;

    @BeforeEach
    void generate() throws IOException {
        Path topology = Cells.write(Cells.threeNodes(), tmp.resolve("three.json"));
        Cells.Run run = Cells.shadow("--topology", topology.toString(), "--out", tmp.resolve("out").toString());
        assertEquals(0, run.exit(), run.err());
        config = tmp.resolve("out").resolve(ShadowConfig.CONFIG_FILE);
        graph = tmp.resolve("out").resolve(ShadowConfig.GRAPH_FILE);
        assertEquals(List.of(), ShadowConfigValidator.check(config).problems());
    }

    private void breakConfig(String from, String to) throws IOException {
        String text = Files.readString(config);
        assertTrue(text.contains(from), "the config has no '" + from + "'");
        Files.writeString(config, text.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to)));
    }

    private void breakGraph(String from, String to) throws IOException {
        String text = Files.readString(graph);
        assertTrue(text.contains(from), "the graph has no '" + from + "'");
        Files.writeString(graph, text.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to)));
    }

    private void assertProblem(String expected) throws IOException {
        List<String> problems = ShadowConfigValidator.check(config).problems();
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), "expected a problem with '" + expected + "', got " + problems);
    }

    @Test
    void anUnknownKeyIsRejected() throws IOException {
        breakConfig("  parallelism: 0", "  paralellism: 0");
        assertProblem("unknown key 'paralellism'");
    }

    @Test
    void anUnknownTopLevelKeyIsRejectedButAnExtensionFieldIsNot() throws IOException {
        breakConfig("general:", "generals:\n  stop_time: \"1 s\"\ngeneral:");
        assertProblem("the top level: unknown key 'generals'");
    }

    @Test
    void aDecimalQuantityIsRejected() throws IOException {
        breakConfig("stop_time: \"29000 ms\"", "stop_time: \"12.5 s\"");
        assertProblem("unsigned integer");
    }

    @Test
    void anUnknownUnitIsRejected() throws IOException {
        breakConfig("runahead: \"1 us\"", "runahead: \"1 usec\"");
        assertProblem("unknown time unit");
    }

    @Test
    void anUpperCaseHostNameIsRejected() throws IOException {
        breakConfig("  node1:", "  Node1:");
        assertProblem("host name 'Node1'");
    }

    @Test
    void anUnderscoreInAHostNameIsRejected() throws IOException {
        breakConfig("  node1:", "  node_1:");
        assertProblem("host name 'node_1'");
    }

    @Test
    void anIntegerPacketLossIsRejected() throws IOException {
        breakGraph("packet_loss 0.0", "packet_loss 0");
        assertProblem("packet_loss must be a float token");
    }

    @Test
    void aMissingSelfLoopIsRejected() throws IOException {
        removeEdge(0, 0);
        assertProblem("node 0 has no self-loop");
    }

    @Test
    void anEdgeToAnUnknownNodeIsRejected() throws IOException {
        breakGraph("    source 0\n    target 1\n", "    source 0\n    target 3\n");
        assertProblem("names a node that does not exist");
    }

    @Test
    void aLabelOnAnEdgeIsAllowed() throws IOException {
        breakGraph("    source 0\n    target 1\n", "    source 0\n    target 1\n    label \"x\"\n");
        assertEquals(List.of(), ShadowConfigValidator.check(config).problems());
    }

    private void removeEdge(int from, int to) throws IOException {
        String text = Files.readString(graph);
        int start = text.indexOf("  edge [\n    source " + from + "\n    target " + to + "\n");
        assertTrue(start >= 0);
        int end = text.indexOf("  ]\n", start) + 4;
        Files.writeString(graph, text.substring(0, start) + text.substring(end));
    }

    @Test
    void anIncompleteGraphIsRejectedWithoutShortestPaths() throws IOException {
        removeEdge(0, 1);
        assertProblem("not complete: 8 of 9");
    }

    @Test
    void aZeroLatencyIsRejected() throws IOException {
        breakGraph("latency \"1 us\"", "latency \"0 us\"");
        assertProblem("non-zero");
    }

    @Test
    void anExistingDataDirectoryIsRejected() throws IOException {
        Files.createDirectories(config.resolveSibling(ShadowConfig.DATA_DIRECTORY));
        assertProblem("already exists");
    }

    @Test
    void anIntegerWhereAStringBelongsIsRejected() throws IOException {
        breakConfig("- \"--index\"\n          - \"1\"", "- \"--index\"\n          - 1");
        assertProblem("must be a string (quote it)");
    }

    @Test
    void hostLevelBandwidthIsRejectedBecauseShadow330MishandlesIt() throws IOException {
        breakConfig("    ip_addr: \"10.0.0.2\"", "    ip_addr: \"10.0.0.2\"\n    bandwidth_up: \"50000000 bit\"");
        assertProblem("bandwidth_up: Shadow 3.3.0 ignores");
    }

    @Test
    void aDuplicateIpIsRejected() throws IOException {
        breakConfig("ip_addr: \"10.0.0.2\"", "ip_addr: \"10.0.0.1\"");
        assertProblem("used by another host");
    }

    @Test
    void aStartTimeAfterTheStopTimeIsRejected() throws IOException {
        breakConfig("start_time: \"0 ms\"", "start_time: \"1 h\"");
        assertProblem("start_time must be before general.stop_time");
    }

    @Test
    void aBandwidthThatIsNotWholeBytesIsRejected() throws IOException {
        breakGraph("host_bandwidth_up \"50000000 bit\"", "host_bandwidth_up \"50000001 bit\"");
        assertProblem("divisible by 8");
    }

    @Test
    void aMissingRequiredFieldIsRejected() throws IOException {
        breakConfig("    network_node_id: 2\n", "");
        assertProblem("hosts.node2.network_node_id is required");
    }
}
