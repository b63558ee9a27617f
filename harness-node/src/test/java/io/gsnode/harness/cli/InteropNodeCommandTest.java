package io.gsnode.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command as the harness runs it, in a process of its own: a broken script or host name is one
 * line on stderr and exit 2 with nothing on stdout; a script that runs ends with exit 0 although
 * Netty's threads are alive, with only the harness's lines on stdout.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class InteropNodeCommandTest {

    record Result(int exit, String out, String err) {}

    @TempDir
    Path dir;

    @Test
    void aBrokenScriptIsOneLineAndExitTwo() throws Exception {
        Path params = Files.writeString(dir.resolve("params.json"), "{\"script\":[{\"type\":\"connect\",\"connectTo\":\"node1\"}]}");
        Result r = run("--params", params.toString(), "--node-id", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("", r.out());
        assertEquals(List.of("gsnode interop-node: " + params + ": script[0].connectTo is not a list of node ids"), r.err().strip().lines().toList());

        r = run("--params", dir.resolve("missing.json").toString(), "--node-id", "0");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().startsWith("gsnode interop-node: " + dir.resolve("missing.json") + ": cannot read"), r.err());
    }

    @Test
    void withoutANodeNameOrIdItRefusesToStart() throws Exception {
        Path params = Files.writeString(dir.resolve("params.json"), "{\"script\":[]}");
        String host = java.net.InetAddress.getLocalHost().getHostName();
        org.junit.jupiter.api.Assumptions.assumeFalse(host.matches("node\\d+(\\..*)?"), "this machine is named like a harness node");
        Result r = run("--params", params.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().contains("is not node<i>") || r.err().contains("cannot read this host's name"), r.err());
    }

    @Test
    void aScriptRunsToItsEndAndTheProcessExitsZero() throws Exception {
        Path params = Files.writeString(dir.resolve("params.json"), "{\"script\":["
                + "{\"type\":\"initGossipSub\",\"gossipSubParams\":{\"HeartbeatInterval\":500000000}},"
                + "{\"type\":\"subscribeToTopic\",\"topicID\":\"a-subnet\"},"
                + "{\"type\":\"waitUntil\",\"elapsedSeconds\":1},"
                + "{\"type\":\"publish\",\"messageID\":3,\"messageSizeBytes\":1024,\"topicID\":\"a-subnet\"}]}");
        Result r = runIsolated("--params", params.toString(), "--node-id", "5");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(1, lines.size(), "only the PeerID line: our own publish is not a received message\n" + r.out());
        assertTrue(lines.get(0).matches("\\{\"time\":\"[^\"]+Z\",\"level\":\"INFO\",\"msg\":\"PeerID\",\"id\":\"12D3KooW\\w+\",\"node_id\":5}"), lines.get(0));
        assertTrue(r.err().contains("node 5 listening on /ip4/0.0.0.0/tcp/9000"), r.err());
    }

    private Result run(String... args) throws Exception {
        return run(List.of(), args);
    }

    /**
     * In a network namespace of its own where the host allows one ({@code unshare -Urn}): the node
     * listens on 0.0.0.0:9000, as the harness fixes, and the local cells of {@code node-it}, which
     * Maven may be running beside this module, listen on port 9000 of loopback addresses.
     */
    private Result runIsolated(String... args) throws Exception {
        boolean userNamespaces = new ProcessBuilder("unshare", "-Urn", "true").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor() == 0;
        return run(userNamespaces ? List.of("unshare", "-Urn") : List.of(), args);
    }

    private Result run(List<String> prefix, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), InteropNodeCommand.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "did not exit");
        return new Result(p.exitValue(), Files.readString(dir.resolve("out"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err"), StandardCharsets.UTF_8));
    }
}
