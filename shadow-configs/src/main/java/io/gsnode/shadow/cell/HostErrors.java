package io.gsnode.shadow.cell;

import io.gsnode.shadow.HostNames;
import io.gsnode.shadow.ShadowConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What a Shadow host said before it ended without a record: the last line its processes wrote to
 * stderr ({@code <host>/<process>.<pid>.stderr}), leaving out the JVM's own start-up warnings. A
 * node that cannot start says why there ({@code gsnode run: ...}, {@code gopeer run: ...}).
 */
final class HostErrors {

    private HostErrors() {}

    /** The first of {@code hosts} (indices, in order) with something to say, as "host: line". */
    static Optional<String> first(Path cellDir, List<Integer> hosts) {
        for (int i : hosts) {
            Optional<String> line = lastLine(cellDir.resolve(ShadowConfig.DATA_DIRECTORY).resolve("hosts").resolve(HostNames.of(i)));
            if (line.isPresent()) return Optional.of(HostNames.of(i) + ": " + line.get());
        }
        return Optional.empty();
    }

    static Optional<String> lastLine(Path hostDir) {
        if (!Files.isDirectory(hostDir)) return Optional.empty();
        try (Stream<Path> files = Files.list(hostDir)) {
            String last = null;
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".stderr")).sorted().toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (!line.isBlank() && !line.startsWith("WARNING: ")) last = line.strip();
                }
            }
            return Optional.ofNullable(last);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + hostDir + ": " + e.getMessage(), e);
        }
    }
}
