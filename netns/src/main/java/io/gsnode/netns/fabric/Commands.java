package io.gsnode.netns.fabric;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@code ip}/{@code tc} and says clearly what failed. */
public final class Commands {

    /** No single batch may take longer: a hung tool must not hang the runner. */
    private static final long TIMEOUT_S = 120;

    private Commands() {
    }

    /** The outcome of one command. */
    public record Result(int exit, String output) {
        public boolean ok() {
            return exit == 0;
        }
    }

    /** Runs {@code command}, feeding {@code stdin}; never throws for a non-zero exit. */
    public static Result run(List<String> command, String stdin) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run " + command.get(0) + " (is iproute2 installed?): " + e.getMessage(), e);
        }
        try (OutputStream in = p.getOutputStream()) {
            if (stdin != null) in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException ignored) {
            // The tool exited early; its output says why.
        }
        try {
            // The output is small (errors only), so reading it after the exit cannot block the tool.
            if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish within " + TIMEOUT_S + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + String.join(" ", command), e);
        }
        return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
    }

    /** Runs one plan step; a failure names the step and quotes the tool's complaint. */
    public static void apply(PlanStep step) throws IOException {
        Result r = run(step.command(), String.join("\n", step.lines()) + "\n");
        if (!r.ok()) {
            throw new IOException("fabric step failed (" + step.purpose() + "): " + String.join(" ", step.command())
                    + " exited " + r.exit() + ": " + r.output());
        }
    }
}
