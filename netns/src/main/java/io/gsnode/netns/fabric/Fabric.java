package io.gsnode.netns.fabric;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A built fabric: applies a plan, resets its queues between runs, and tears it down, leaving no
 * namespace behind even when building failed half-way.
 */
public final class Fabric implements AutoCloseable {

    private final FabricPlan plan;
    private final PrintStream progress;
    private boolean up;

    private Fabric(FabricPlan plan, PrintStream progress) {
        this.plan = plan;
        this.progress = progress;
    }

    /**
     * Builds the fabric of {@code plan}; on failure removes whatever was built, then throws. A
     * Ctrl-C (or SIGTERM) while it builds removes what was built so far: the step in progress
     * finishes, no later one starts, and the half-built fabric is torn down before the JVM exits.
     * Once built, the fabric is the caller's to close (a cell closes it, {@code gsnode netns up}
     * leaves it up).
     */
    public static Fabric build(FabricPlan plan, PrintStream progress) throws IOException {
        Fabric fabric = new Fabric(plan, progress);
        fabric.up = true;
        Thread interrupted = new Thread(fabric::close, "netns-build-teardown");
        Runtime.getRuntime().addShutdownHook(interrupted);
        long start = System.nanoTime();
        try {
            List<PlanStep> steps = plan.buildSteps();
            for (int i = 0; i < steps.size(); i++) {
                fabric.apply(steps.get(i));
                if (steps.size() > 20 && (i + 1) % Math.max(1, steps.size() / 5) == 0) {
                    progress.printf("  fabric: %d of %d steps%n", i + 1, steps.size());
                }
            }
        } catch (IOException | RuntimeException e) {
            fabric.close();
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(interrupted);
            } catch (IllegalStateException shuttingDown) {
                // The hook runs (or ran) already.
            }
        }
        progress.printf("  fabric '%s' up: %d nodes, queue %s, delay %s (%.1f s)%n", plan.names().tag(), plan.topology().n(),
                plan.queue().label(), plan.delay().label(), (System.nanoTime() - start) / 1e9);
        return fabric;
    }

    /** One build step, unless the fabric was torn down meanwhile (Ctrl-C during the build). */
    private synchronized void apply(PlanStep step) throws IOException {
        if (!up) throw new IOException("fabric '" + plan.names().tag() + "' torn down while it was built (interrupted)");
        Commands.apply(step);
    }

    public FabricPlan plan() {
        return plan;
    }

    /**
     * Between runs: every queue and its counters rebuilt from the plan, and each node's TCP
     * metrics cache flushed, so a run never inherits the previous run's RTT or cwnd estimates.
     */
    public void reset() throws IOException {
        for (PlanStep s : plan.resetSteps()) Commands.apply(s);
        for (int i = 0; i < plan.topology().n(); i++) {
            Commands.apply(new PlanStep("ip", plan.names().nodeNamespace(i), "forget TCP metrics", List.of("tcp_metrics flush all")));
        }
    }

    /** Removes every namespace of the fabric; reports, but does not stop at, one that is gone already. */
    @Override
    public synchronized void close() {
        if (!up) return;
        up = false;
        List<String> failed = new ArrayList<>();
        for (PlanStep step : plan.teardownSteps()) {
            // One command per namespace: a batch stops at its first failure, and teardown must not.
            for (String line : step.lines()) {
                try {
                    Commands.Result r = Commands.run(List.of("ip", "-batch", "-"), line + "\n");
                    if (!r.ok() && !r.output().contains("No such file")) failed.add(line + ": " + r.output());
                } catch (IOException e) {
                    failed.add(line + ": " + e.getMessage());
                }
            }
        }
        if (!failed.isEmpty()) progress.println("  fabric teardown: " + String.join("; ", failed));
    }

    /** The namespaces of fabrics with this tag that exist now (for {@code gsnode netns status}). */
    public static List<String> namespaces(FabricNames names) throws IOException {
        Commands.Result r = Commands.run(List.of("ip", "netns", "list"), null);
        List<String> out = new ArrayList<>();
        for (String line : r.output().split("\n")) {
            String name = line.split(" ")[0].trim();
            if (name.equals(names.fabricNamespace()) || name.startsWith(names.nodeNamespacePrefix())) out.add(name);
        }
        return out;
    }
}
