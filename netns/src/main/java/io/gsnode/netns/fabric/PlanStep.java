package io.gsnode.netns.fabric;

import java.util.List;

/**
 * One batch of {@code ip} or {@code tc} commands, run as {@code TOOL [-n NAMESPACE] -batch -}.
 *
 * @param tool {@code ip} or {@code tc}
 * @param namespace where the batch runs, or null for the runner's own namespace
 * @param purpose one line saying what the batch does, written above it in scripts
 * @param lines the batch, one command per line without the tool's name
 */
public record PlanStep(String tool, String namespace, String purpose, List<String> lines) {

    public PlanStep {
        if (!tool.equals("ip") && !tool.equals("tc")) throw new IllegalArgumentException("tool is ip or tc, was " + tool);
        lines = List.copyOf(lines);
    }

    /** The command line that runs this batch, reading it from standard input. */
    public List<String> command() {
        return namespace == null ? List.of(tool, "-batch", "-") : List.of(tool, "-n", namespace, "-batch", "-");
    }

    /** The batch as a readable shell fragment. */
    public String script() {
        StringBuilder b = new StringBuilder("# ").append(purpose).append('\n')
                .append(String.join(" ", command())).append(" <<'EOF'\n");
        for (String l : lines) b.append(l).append('\n');
        return b.append("EOF\n").toString();
    }
}
