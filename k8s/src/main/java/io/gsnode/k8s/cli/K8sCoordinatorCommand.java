package io.gsnode.k8s.cli;

import io.gsnode.k8s.coordinator.EpochCoordinator;
import io.gsnode.k8s.coordinator.NodeAddresses;
import io.gsnode.k8s.manifest.PodLayout;
import io.gsnode.node.run.PeerAddressing;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode k8s coordinator}: the cell's epoch, served until every node has heard it (the
 * coordinator Job then completes), or exit 1 after {@code --timeout} naming the silent nodes.
 */
@Command(name = "coordinator", mixinStandardHelpOptions = true,
        description = {"Serve a cell's T0 over HTTP: GET /epoch?index=I answers 202 until all --n nodes have asked,",
                "then T0 (epoch ms) = the last node's question + --lead; GET /status for a person."})
public final class K8sCoordinatorCommand implements Callable<Integer> {

    @Option(names = "--n", required = true, paramLabel = "N", description = "Nodes in the cell.")
    int n;

    @Option(names = "--port", paramLabel = "P", description = "HTTP port (default: ${DEFAULT-VALUE}).")
    int port = 8080;

    @Option(names = "--lead", paramLabel = "MS", description = "T0 this long after the last node listens (default: ${DEFAULT-VALUE}).")
    long lead = 3000;

    @Option(names = "--timeout", paramLabel = "S", description = "Give up after this long (default: ${DEFAULT-VALUE}).")
    long timeoutS = 3600;

    @Option(names = "--node-name", paramLabel = "TEMPLATE", description = "Node I's name, " + PeerAddressing.INDEX
            + " standing for I: only the address it resolves to is answered for index I (default: ${DEFAULT-VALUE}, the cell's "
            + "headless Service); 'any' answers any address, for a coordinator on a network only the cell's nodes reach.")
    String nodeName = PodLayout.peerTemplate();

    /** After the last node heard T0: late repeats of a node's question still get an answer. */
    private static final Duration LINGER = Duration.ofSeconds(5);

    @Override
    public Integer call() throws Exception {
        if (!"any".equals(nodeName) && !nodeName.contains(PeerAddressing.INDEX)) {
            System.err.println("gsnode k8s coordinator: --node-name must name node " + PeerAddressing.INDEX + " (e.g. "
                    + PodLayout.peerTemplate() + ") or be 'any'; was '" + nodeName + "'");
            return 2;
        }
        NodeAddresses addresses = "any".equals(nodeName) ? NodeAddresses.any() : NodeAddresses.byName(nodeName, PeerAddressing.INDEX);
        try (EpochCoordinator c = new EpochCoordinator(n, port, lead, System::currentTimeMillis, System.out, addresses)) {
            System.out.printf("gsnode k8s coordinator: serving on port %d for %d nodes, %s%n", c.port(), n,
                    addresses.checks() ? "node I answered only at the address " + nodeName + " resolves to" : "any address answered");
            if (!c.awaitAllTold(Duration.ofSeconds(timeoutS))) {
                System.err.println("gsnode k8s coordinator: not every node heard T0 within " + timeoutS + " s; nodes never listening: "
                        + c.silent() + "; refused: " + c.refusals());
                return 1;
            }
            System.out.println("gsnode k8s coordinator: every node has T0; refused: " + c.refusals());
            Thread.sleep(LINGER.toMillis());
            return 0;
        }
    }
}
