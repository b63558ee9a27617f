package io.gsnode.shadow.cell;

import io.gsnode.formats.record.CellFiles;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.shadow.HostNames;
import io.gsnode.shadow.ShadowCell;
import io.gsnode.shadow.ShadowConfig;
import io.gsnode.shadow.ShadowGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Shadow backend of {@code gsnode cell}: per run it generates the cell's Shadow directory,
 * runs Shadow there with the hosts' progress shown, and gathers every host's record into
 * {@code records.jsonl} and {@code cell.json}, the same files the other backends write. A host
 * without a record is {@code lost}. Beside the results the summary's {@code host} block carries
 * what the run cost this machine: Shadow's wall time and the peak memory of Shadow and its hosts.
 *
 * <p>Simulated time does not see this machine's load, so unlike a netns cell a Shadow cell's
 * latencies stay network results on a busy host; only the wall time grows.
 */
public final class ShadowCellRunner {

    /** How often the hosts' events are read, memory sampled and progress printed. */
    private static final long SAMPLE_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** Hosts silent this long while Shadow runs: say that the simulation may be stuck. */
    private static final long SILENCE_WARNING_S = 300;

    private final ShadowExecutable shadow;
    private final ShadowCell cell;
    private final Path topology;
    private final Duration wallLimit;
    private final PrintStream progress;
    private String version;
    /** The last run's first lost host and what it said last, or null. */
    private String firstLostHostError;

    /**
     * @param cell the cell; its {@code run} is replaced by each run's number
     * @param wallLimit Shadow is stopped past this wall time (the hosts without a record are then
     *     lost), or null for no limit
     */
    public ShadowCellRunner(ShadowExecutable shadow, ShadowCell cell, Path topology, Duration wallLimit, PrintStream progress) {
        this.shadow = shadow;
        this.cell = cell;
        this.topology = topology;
        this.wallLimit = wallLimit;
        this.progress = progress;
    }

    /**
     * Runs repetition {@code run} in {@code dir} (which must not hold a Shadow data directory).
     *
     * @throws IllegalArgumentException when the cell cannot be generated for this topology
     * @throws IOException when the topology is unreadable or Shadow cannot be started
     */
    public CellSummary run(Path dir, int run) throws IOException, InterruptedException {
        firstLostHostError = null;
        ShadowCell c = cell.withRun(run);
        Topology topo = TopologyReader.read(topology);
        ShadowGenerator.generate(c, topology, dir);
        if (version == null) version = shadow.version();
        progress.printf("  %s (%s): %d hosts, simulated %.1f s%n", shadow.describe(), version, topo.n(), c.stopTimeMs() / 1000.0);

        MemoryPeak memory = new MemoryPeak();
        memory.baseline();
        Path log = dir.resolve("shadow.log");
        long started = System.nanoTime();
        Process p = new ProcessBuilder(shadow.path().toString(), ShadowConfig.CONFIG_FILE).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Thread reaper = new Thread(() -> destroyTree(p), "shadow-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        boolean timedOut;
        try {
            timedOut = watch(p, new HostEvents(dir, topo.n()), memory, started);
        } finally {
            destroyTree(p);
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException e) {
                // Already shutting down: the hook is running.
            }
        }
        double wallS = (System.nanoTime() - started) / 1e9;
        Integer exit = timedOut ? null : p.exitValue();
        if (timedOut) {
            progress.printf("  shadow stopped after the wall limit of %d s; hosts without a record count as lost%n", wallLimit.toSeconds());
        } else if (exit != 0) {
            progress.printf("  shadow exited %d (a host ended otherwise than expected, or Shadow failed); see %s%n", exit, log);
        }

        String label = c.label(topo);
        List<NodeRecord> records = collect(dir, topo, c, label, run);
        return CellFiles.write(dir, records, hostFields(exit, timedOut, wallS, memory, topo.n()));
    }

    /**
     * Every {@link #SAMPLE_EVERY_NANOS}: reads the hosts' new events, samples memory and prints
     * progress, until Shadow exits; true when the wall limit stopped it. Reading a hundred
     * processes' memory maps costs CPU that Shadow would otherwise have, hence not every second.
     */
    private boolean watch(Process p, HostEvents events, MemoryPeak memory, long started) throws InterruptedException {
        long nextSample = started;
        long warnedAtSilence = 0;
        while (true) {
            boolean exited = p.waitFor(1, TimeUnit.SECONDS);
            long now = System.nanoTime();
            long elapsedS = (now - started) / 1_000_000_000L;
            if (exited || now - nextSample >= 0) {
                events.poll();
                if (!exited) memory.sample(p.toHandle());
                progress.printf(Locale.ROOT, "  shadow  wall %4d s  %s  peak memory %s%n", elapsedS, events.summary(), mib(memory.treePssPeakBytes()));
                nextSample = now + SAMPLE_EVERY_NANOS;
            }
            if (exited) return false;
            long silent = events.silentSeconds();
            if (silent >= SILENCE_WARNING_S && silent >= warnedAtSilence + SILENCE_WARNING_S) {
                warnedAtSilence = silent;
                progress.printf("  no host has printed anything for %d s: the simulation may be stuck (a host spinning without"
                        + " a syscall stops simulated time; see docs/shadow.md)%n", silent);
            }
            if (wallLimit != null && elapsedS >= wallLimit.toSeconds()) return true;
        }
    }

    private List<NodeRecord> collect(Path dir, Topology topo, ShadowCell c, String label, int run) {
        List<NodeRecord> records = new ArrayList<>();
        List<Integer> lost = new ArrayList<>();
        for (int i = 0; i < topo.n(); i++) {
            Path file = dir.resolve(ShadowConfig.DATA_DIRECTORY).resolve("hosts").resolve(HostNames.of(i)).resolve(ShadowConfig.RECORD_FILE);
            NodeRecord r = null;
            if (Files.exists(file)) {
                try {
                    r = RecordJson.readNode(Files.readString(file).trim());
                } catch (IOException e) {
                    progress.println("  " + HostNames.of(i) + ": unreadable record (" + e.getMessage() + "), counted as lost");
                }
            }
            if (r == null) {
                lost.add(i);
                String impl = c.impls().of(i, topo.publisher());
                r = NodeRecord.lost(label, "shadow", c.workload().armName(), c.workload().transport().transport().toString(),
                        c.quicTransport() && NodeRecord.JAVA.equals(impl) ? c.quic().engine() : null, impl, c.qdisc().recordName(),
                        "shadow", topo, c.workload().payloadBytes(), run, i);
            }
            records.add(r);
        }
        if (!lost.isEmpty()) {
            progress.printf("  %d of %d hosts left no record: counted as lost%n", lost.size(), topo.n());
            firstLostHostError = HostErrors.first(dir, lost).orElse(null);
            if (firstLostHostError != null) progress.println("  first of them: " + firstLostHostError);
        }
        return records;
    }

    /**
     * The last run's first host without a record, and the last line it wrote to stderr ("node3:
     * gopeer run: ..."); empty when every host left a record or the lost ones said nothing.
     */
    public Optional<String> firstLostHostError() {
        return Optional.ofNullable(firstLostHostError);
    }

    /** The summary's {@code host} block: what the run cost, not what the cell measured. */
    private Map<String, Object> hostFields(Integer exit, boolean timedOut, double wallS, MemoryPeak memory, int hosts) {
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("shadow", version);
        host.put("shadow_exit", exit);
        host.put("shadow_timed_out", timedOut);
        host.put("shadow_wall_s", Math.round(wallS * 10) / 10.0);
        // It changes what go hosts measure (docs/findings/fidelity.md), so the summary says which.
        host.put("model_unblocked_syscall_latency", cell.modelUnblockedSyscallLatency());
        if (memory.measured()) {
            host.put("shadow_pss_peak_mib", mibValue(memory.treePssPeakBytes()));
            host.put("shadow_pss_per_host_mib", mibValue(memory.treePssPeakBytes() / hosts));
            host.put("mem_used_before_mib", mibValue(memory.machineUsedBeforeBytes()));
            host.put("mem_used_peak_mib", mibValue(memory.machineUsedPeakBytes()));
            host.put("mem_total_mib", mibValue(memory.machineTotalBytes()));
        }
        host.put("cores", Runtime.getRuntime().availableProcessors());
        return host;
    }

    private static long mibValue(long bytes) {
        return Math.round(bytes / 1048576.0);
    }

    private static String mib(long bytes) {
        return bytes == 0 ? "-" : mibValue(bytes) + " MiB";
    }

    private static void destroyTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
