package io.gsnode.shadow.cell;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gsnode.shadow.HostNames;
import io.gsnode.shadow.ShadowConfig;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The progress events the hosts of a running Shadow cell print ({@code gsnode run}'s one JSON
 * object per line on stdout), read from the files Shadow writes them to, where each poll reads
 * only what was appended since the last. Used from one thread.
 */
final class HostEvents {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path hostsDir;
    private final long[] offsets;
    /** Each host's stdout file once Shadow has created it. */
    private final Path[] stdout;
    private final StringBuilder[] partial;
    private int listening;
    private int dialled;
    private int failedEdges;
    private int completed;
    private int records;
    private long lastGrowthNanos = System.nanoTime();

    HostEvents(Path cellDir, int hosts) {
        this.hostsDir = cellDir.resolve(ShadowConfig.DATA_DIRECTORY).resolve("hosts");
        this.offsets = new long[hosts];
        this.stdout = new Path[hosts];
        this.partial = new StringBuilder[hosts];
        for (int i = 0; i < hosts; i++) partial[i] = new StringBuilder();
    }

    /** Reads what every host appended since the last poll. */
    void poll() {
        for (int i = 0; i < offsets.length; i++) {
            if (stdout[i] == null) stdout[i] = stdoutOf(i);
            if (stdout[i] == null) continue;
            try (RandomAccessFile f = new RandomAccessFile(stdout[i].toFile(), "r")) {
                long length = f.length();
                if (length <= offsets[i]) continue;
                byte[] bytes = new byte[(int) Math.min(length - offsets[i], 1 << 20)];
                f.seek(offsets[i]);
                f.readFully(bytes);
                offsets[i] += bytes.length;
                lastGrowthNanos = System.nanoTime();
                consume(i, new String(bytes, StandardCharsets.UTF_8));
            } catch (IOException e) {
                // Unreadable for now: try again next poll.
            }
        }
    }

    private Path stdoutOf(int host) {
        Path dir = hostsDir.resolve(HostNames.of(host));
        if (!Files.isDirectory(dir)) return null;
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".stdout")).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private void consume(int host, String text) {
        StringBuilder line = partial[host];
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            if (c != '\n') {
                line.append(c);
                continue;
            }
            count(line.toString());
            line.setLength(0);
        }
    }

    private void count(String line) {
        JsonNode e;
        try {
            e = JSON.readTree(line);
        } catch (IOException notJson) {
            return;
        }
        switch (e.path("event").asText()) {
            case "listening" -> listening++;
            case "dialed" -> {
                dialled++;
                failedEdges += e.path("failed").asInt();
            }
            case "completed" -> completed++;
            case "record" -> records++;
            default -> { }
        }
    }

    /** "up 6/6  dialled 6/6  completed 5/5  records 6/6". */
    String summary() {
        int n = offsets.length;
        return "up " + listening + "/" + n + "  dialled " + dialled + "/" + n + (failedEdges > 0 ? " (" + failedEdges + " edges failed)" : "")
                + "  completed " + completed + "/" + (n - 1) + "  records " + records + "/" + n;
    }

    /** Seconds since any host printed anything: a long silence mid-cell is how a stuck simulation looks. */
    long silentSeconds() {
        return (System.nanoTime() - lastGrowthNanos) / 1_000_000_000L;
    }
}
