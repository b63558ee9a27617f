package io.gsnode.netns.delay;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes {@link SwitchStats} as one JSON object, atomically (a sibling file moved into place). */
public final class SwitchStatsFile {

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private SwitchStatsFile() {
    }

    public static String toJson(SwitchStats stats) {
        try {
            return JSON.writeValueAsString(stats);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise switch stats", e);
        }
    }

    public static void write(SwitchStats stats, Path file) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path temp = absolute.resolveSibling(absolute.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            Files.writeString(temp, toJson(stats) + "\n");
            Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
