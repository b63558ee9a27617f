package io.gsnode.tools.results;

import java.nio.file.Path;

/** One side of a comparison or figure, given on the command line as {@code NAME=DIR}. */
public record BackendDir(String name, Path dir) {

    public BackendDir {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a backend needs a name (NAME=DIR)");
        if (dir == null) throw new IllegalArgumentException("backend '" + name + "' needs a directory (NAME=DIR)");
    }

    /** Parses {@code NAME=DIR}; the name must not be empty and contains no '='. */
    public static BackendDir parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new IllegalArgumentException("--backend takes NAME=DIR, was '" + text + "'");
        }
        return new BackendDir(text.substring(0, eq), Path.of(text.substring(eq + 1)));
    }
}
