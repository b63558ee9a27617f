package io.gsnode.k8s.cli;

import io.gsnode.k8s.coordinator.EpochCoordinator;
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

    /** After the last node heard T0: late repeats of a node's question still get an answer. */
    private static final Duration LINGER = Duration.ofSeconds(5);

    @Override
    public Integer call() throws Exception {
        try (EpochCoordinator c = new EpochCoordinator(n, port, lead, System::currentTimeMillis, System.out)) {
            System.out.printf("gsnode k8s coordinator: serving on port %d for %d nodes%n", c.port(), n);
            if (!c.awaitAllTold(Duration.ofSeconds(timeoutS))) {
                System.err.println("gsnode k8s coordinator: not every node heard T0 within " + timeoutS + " s; nodes never listening: "
                        + c.silent());
                return 1;
            }
            System.out.println("gsnode k8s coordinator: every node has T0");
            Thread.sleep(LINGER.toMillis());
            return 0;
        }
    }
}
