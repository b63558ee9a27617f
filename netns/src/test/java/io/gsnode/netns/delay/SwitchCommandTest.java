package io.gsnode.netns.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gsnode.formats.topology.IpPlan;
import io.gsnode.netns.cli.SwitchCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gsnode netns switch} as its own process: ready line, forwarding, SIGTERM, stats file, exit 0; bad input exits 2. */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class SwitchCommandTest {

    @TempDir
    Path dir;

    private TestNamespaces namespaces;
    private Process process;

    @BeforeEach
    void available() {
        TestNamespaces.assumeAvailable();
    }

    @AfterEach
    void cleanUp() throws Exception {
        try {
            if (process != null && process.isAlive()) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } finally {
            if (namespaces != null) namespaces.close();
        }
    }

    @Test
    void servesUntilSigtermThenWritesItsStatsAndExitsZero() throws Exception {
        namespaces = new TestNamespaces(2);
        Path topology = dir.resolve("topology.json");
        TestTopologies.uniform(topology, 2, 5_000);
        Path stats = dir.resolve("switch-stats.json");
        String java = ProcessHandle.current().info().command().orElse("java");
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path log = dir.resolve("switch.log");
        process = new ProcessBuilder(java, "-cp", classpath, SwitchCommand.class.getName(),
                "--topology", topology.toString(), "--netns-prefix", namespaces.prefix(), "--stats", stats.toString(),
                "--stats-every", "200", "--budget-packets", "1000")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.readString(log).contains("\"switch_ready\"") && process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        String line = Files.readString(log);
        assertTrue(line.contains("\"nodes\":2"), line);

        var echo = UdpEcho.server(namespaces.path(1), IpPlan.ipOf(1));
        try {
            List<Long> rtts = UdpEcho.roundTrips(namespaces.path(0), IpPlan.ipOf(0), IpPlan.ipOf(1), 1, 10);
            assertEquals(10, rtts.size());
        } finally {
            echo.close();
        }
        process.destroy(); // SIGTERM
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the switch stops on SIGTERM");
        String rest = Files.readString(log);
        assertEquals(0, process.exitValue(), rest);
        assertTrue(rest.contains("switch_stopped"), rest);

        JsonNode json = new ObjectMapper().readTree(Files.readString(stats));
        assertEquals("gsnode.switch/1", json.get("schema").asText());
        assertTrue(json.get("final").asBoolean(), "the file holds the final snapshot");
        assertTrue(json.get("delivered_packets").asLong() >= 22, json.toString());
        assertEquals(2, json.get("per_node").size());
        assertTrue(json.get("lateness_us").has("p99"));
        assertTrue(json.get("drops").has("dead_endpoint"));
    }

    @Test
    void aMissingNamespaceExitsTwoWithOneLine() throws Exception {
        Path topology = dir.resolve("topology.json");
        TestTopologies.uniform(topology, 2, 5_000);
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SwitchCommand());
        cli.setErr(new PrintWriter(err));
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = cli.execute("--topology", topology.toString(), "--netns-prefix", "gsdt-absent-", "--netns-dir", dir.toString());
        } finally {
            System.setErr(saved);
        }
        String message = captured.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, message);
        assertTrue(message.contains("node 0: no network namespace at " + dir.resolve("gsdt-absent-0")), message);
    }
}
