package io.gsnode.k8s.manifest;

import java.util.List;
import java.util.stream.Collectors;

/** POSIX shell quoting for the commands the pods run through {@code sh -c}. */
final class Shell {

    private Shell() {}

    /** {@code word} as one shell word: single-quoted unless it is plainly safe. */
    static String quote(String word) {
        if (!word.isEmpty() && word.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,+@%".indexOf(c) >= 0)) return word;
        return "'" + word.replace("'", "'\"'\"'") + "'";
    }

    static String join(List<String> words) {
        return words.stream().map(Shell::quote).collect(Collectors.joining(" "));
    }
}
