package io.gsnode.transport.quic;

import java.io.BufferedReader;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A running {@code interop/go/bin/gopeer} (go-libp2p, see {@code interop/PEER-PROTOCOL.md}): its
 * JSON-line events, read as they come. scripts/test.sh builds the binary before the Maven build.
 */
final class GoPeer implements AutoCloseable {

    private final Process process;
    private final List<String> events = new ArrayList<>();
    private final StringBuilder stderr = new StringBuilder();

    private GoPeer(Process process) {
        this.process = process;
        Thread out = new Thread(() -> drain(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)), true),
                "gopeer-stdout");
        Thread err = new Thread(() -> drain(new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)), false),
                "gopeer-stderr");
        out.setDaemon(true);
        err.setDaemon(true);
        out.start();
        err.start();
    }

    static GoPeer start(String... args) throws IOException {
        String repo = System.getProperty("gsnode.repo");
        if (repo == null) throw new IllegalStateException("system property gsnode.repo is not set (run through Maven)");
        Path binary = Path.of(repo, "interop/go/bin/gopeer");
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException(binary + " is missing: run interop/go/build.sh (scripts/test.sh does it)");
        }
        List<String> command = new ArrayList<>(List.of(binary.toString()));
        command.addAll(List.of(args));
        return new GoPeer(new ProcessBuilder(command).start());
    }

    private void drain(BufferedReader reader, boolean isStdout) {
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                synchronized (this) {
                    if (isStdout) events.add(line);
                    else stderr.append(line).append('\n');
                    notifyAll();
                }
            }
        } catch (IOException e) {
            synchronized (this) {
                stderr.append("reading gopeer output failed: ").append(e.getMessage()).append('\n');
            }
        }
    }

    /** The first event of kind {@code event} that {@code also} accepts, waiting up to {@code bound}. */
    synchronized String await(String event, Predicate<String> also, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            for (String line : events) {
                if (event.equals(field(line, "event")) && also.test(line)) return line;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) throw new AssertionError("gopeer sent no '" + event + "' event within " + bound + "\n" + diagnostics());
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    String await(String event, Duration bound) throws InterruptedException {
        return await(event, line -> true, bound);
    }

    int waitFor(Duration bound) throws InterruptedException {
        if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("gopeer still running after " + bound + "\n" + diagnostics());
        }
        return process.exitValue();
    }

    synchronized String diagnostics() {
        return "gopeer events:\n" + String.join("\n", events) + "\ngopeer stderr:\n" + stderr;
    }

    /** A string field of a flat JSON event, or null. */
    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\":\"([^\"]*)\"").matcher(json);
        return m.find() ? m.group(1) : null;
    }

    /** A boolean or number field of a flat JSON event, as text, or null. */
    static String scalar(String json, String name) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\":([^,}\\]]*)").matcher(json);
        return m.find() ? m.group(1) : null;
    }

    /** The first element of a string array field. */
    static String first(String json, String name) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\":\\[\"([^\"]*)\"").matcher(json);
        return m.find() ? m.group(1) : null;
    }

    @Override
    public void close() {
        if (!process.isAlive()) return;
        process.destroy(); // SIGTERM: gopeer prints 'done' and exits
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
