package io.gsnode.node.peer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Runs one peer process that speaks the JSON-lines contract (Java, go or js) and collects its
 * events, so that one harness drives all three. Stderr goes to a file, shown when something fails.
 */
public final class PeerProcess implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Lines of a hung Java peer's thread dump shown with its other diagnostics. */
    private static final int DUMP_LINES = 400;

    private final String name;
    private final List<String> command;
    private final Process process;
    private final Path stderr;
    private final List<JsonNode> events = new ArrayList<>();
    private final List<String> badLines = new ArrayList<>();
    private final Thread reader;

    private PeerProcess(String name, List<String> command, Process process, Path stderr) {
        this.name = name;
        this.command = List.copyOf(command);
        this.process = process;
        this.stderr = stderr;
        this.reader = new Thread(this::readEvents, name + "-events");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code command}; {@code name} labels it in messages. */
    public static PeerProcess start(String name, List<String> command) throws IOException {
        Path err = Files.createTempFile("gsnode-" + name + "-", ".stderr");
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        return new PeerProcess(name, command, pb.start(), err);
    }

    public String name() {
        return name;
    }

    /** Waits for the first event matching {@code test}; fails with the events so far and the stderr tail. */
    public JsonNode await(String description, Predicate<JsonNode> test, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (events) {
            while (true) {
                for (JsonNode e : events) {
                    if (test.test(e)) return e;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || (!process.isAlive() && !reader.isAlive())) {
                    throw new AssertionError(name + ": no " + description + " within " + timeout + "\n" + diagnostics());
                }
                TimeUnit.NANOSECONDS.timedWait(events, left);
            }
        }
    }

    /** Waits for the first event named {@code event}. */
    public JsonNode await(String event, Duration timeout) throws InterruptedException {
        return await("'" + event + "' event", e -> event.equals(e.path("event").asText()), timeout);
    }

    /** All events named {@code event} so far. */
    public List<JsonNode> all(String event) {
        synchronized (events) {
            return events.stream().filter(e -> event.equals(e.path("event").asText())).toList();
        }
    }

    public List<JsonNode> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    /** Waits for the process to exit; returns its status, or fails when it does not exit in time. */
    public int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + ": still running after " + timeout + "\n" + diagnostics() + threadDump());
        }
        reader.join(timeout.toMillis());
        return process.exitValue();
    }

    /**
     * Where a hung Java peer's threads wait, virtual ones included (the Kwik engine reads and writes
     * on virtual threads, which {@code jstack} leaves out): {@code jcmd Thread.dump_to_file} of the
     * peer, from the JDK that runs it. Empty for other peers, or when the JDK has no jcmd.
     */
    String threadDump() {
        Path launcher = Path.of(command.get(0));
        Path jcmd = launcher.resolveSibling("jcmd");
        if (!launcher.getFileName().toString().equals("java") || !Files.isExecutable(jcmd) || !process.isAlive()) {
            return "";
        }
        Path dump = null;
        try {
            dump = Files.createTempFile("gsnode-" + name + "-", ".threads");
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "Thread.dump_to_file", "-overwrite",
                    dump.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "thread dump: jcmd did not answer in 30 s\n";
            }
            List<String> lines = Files.readAllLines(dump, StandardCharsets.UTF_8);
            StringBuilder sb = new StringBuilder("thread dump (jcmd Thread.dump_to_file, first " + DUMP_LINES + " lines):\n");
            for (String l : lines.subList(0, Math.min(DUMP_LINES, lines.size()))) sb.append("  ").append(l).append('\n');
            return sb.toString();
        } catch (IOException e) {
            return "thread dump failed: " + e.getMessage() + "\n";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        } finally {
            if (dump != null) {
                try {
                    Files.deleteIfExists(dump);
                } catch (IOException ignored) {
                    // A temporary file left behind.
                }
            }
        }
    }

    /** SIGTERM: the peer prints 'done' and exits. */
    public void terminate() {
        // Through the handle: Process.destroy() would also close our end of its stdout and lose 'done'.
        process.toHandle().destroy();
    }

    /** Lines that were not JSON: the contract allows none on stdout. */
    public List<String> badLines() {
        synchronized (events) {
            return List.copyOf(badLines);
        }
    }

    public String diagnostics() {
        StringBuilder sb = new StringBuilder("events:\n");
        for (JsonNode e : events()) sb.append("  ").append(e).append('\n');
        for (String l : badLines()) sb.append("  (not JSON) ").append(l).append('\n');
        try {
            List<String> lines = Files.readAllLines(stderr, StandardCharsets.UTF_8);
            sb.append("stderr (last 40 lines):\n");
            for (String l : lines.subList(Math.max(0, lines.size() - 40), lines.size())) sb.append("  ").append(l).append('\n');
        } catch (IOException e) {
            sb.append("stderr unreadable: ").append(e.getMessage());
        }
        return sb.toString();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        try {
            Files.deleteIfExists(stderr);
        } catch (IOException ignored) {
            // A leftover temp file is harmless.
        }
    }

    private void readEvents() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                synchronized (events) {
                    try {
                        events.add(JSON.readTree(line));
                    } catch (IOException notJson) {
                        badLines.add(line);
                    }
                    events.notifyAll();
                }
            }
        } catch (IOException ignored) {
            // The process ended.
        } finally {
            synchronized (events) {
                events.notifyAll();
            }
        }
    }
}
