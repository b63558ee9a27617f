package io.gsnode.netns.delay;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gsnode.formats.files.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;

/** Writes {@link SwitchStats} as one JSON object, atomically and never through a link ({@link AtomicFiles}). */
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
        AtomicFiles.writeString(file, toJson(stats) + "\n");
    }
}
