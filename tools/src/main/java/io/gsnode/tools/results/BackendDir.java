package io.gsnode.tools.results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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

    /** Parses every {@code --backend} in order; a malformed one or a name given twice is an input problem. */
    public static List<BackendDir> parseAll(List<String> texts) throws InputProblem {
        List<BackendDir> sides = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String text : texts) {
            BackendDir side;
            try {
                side = parse(text);
            } catch (IllegalArgumentException e) {
                throw new InputProblem(e.getMessage());
            }
            if (!names.add(side.name())) throw new InputProblem("backend '" + side.name() + "' given twice");
            sides.add(side);
        }
        return sides;
    }
}
