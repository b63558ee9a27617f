package io.gsnode.harness.cli;

import io.gsnode.harness.Instruction;
import io.gsnode.harness.InteropNode;
import io.gsnode.harness.NodeName;
import io.gsnode.harness.ScriptReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode interop-node --params FILE}: one node of libp2p's gossipsub-interop harness
 * (docs/gossipsub-interop.md). Exit 0 after the script's last instruction; 2 for a script or host
 * name that cannot run, before anything listens; 1 when an instruction fails (a peer that cannot
 * be dialled).
 */
@Command(name = "interop-node", mixinStandardHelpOptions = true,
        description = {"One node of libp2p's gossipsub-interop harness: reads the harness's params.json, takes its node id",
                "from the host name node<i>, listens on 0.0.0.0:9000 (TCP + Noise + yamux) and runs the script,",
                "printing the harness's JSON lines on stdout. See docs/gossipsub-interop.md."})
public final class InteropNodeCommand implements Callable<Integer> {

    @Option(names = "--params", required = true, paramLabel = "FILE", description = "The harness's params.json.")
    Path params;

    @Option(names = "--node-id", paramLabel = "N",
            description = "The node id, in place of the host name's (for running a script outside Shadow).")
    Integer nodeId;

    public static void main(String[] args) {
        System.exit(new CommandLine(new InteropNodeCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        long started = ManagementFactory.getRuntimeMXBean().getStartTime();
        // The harness reads stdout as its data: keep everything but our lines off it.
        PrintStream lines = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        List<Instruction> script;
        int id;
        try {
            script = ScriptReader.read(params);
            id = nodeId != null ? nodeId : NodeName.ofThisHost();
        } catch (IllegalArgumentException e) {
            System.err.println("gsnode interop-node: " + params + ": " + e.getMessage());
            return 2;
        }
        try {
            new InteropNode(id, script, started, m -> System.err.println("gsnode interop-node: " + m)).run(lines);
        } catch (Exception e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            System.err.println("gsnode interop-node: node " + id + ": " + cause.getMessage());
            return 1;
        }
        lines.flush();
        return 0;
    }
}
