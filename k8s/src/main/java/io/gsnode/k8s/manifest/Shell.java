package io.gsnode.k8s.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    /**
     * {@code args} as shell words, except that the value after each option {@code expanded} names is
     * replaced by its shell text there, unquoted: what only the pod knows when it runs.
     */
    static String join(List<String> args, Map<String, String> expanded) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            words.add(quote(arg));
            String shellText = expanded.get(arg);
            if (shellText != null && i + 1 < args.size()) {
                words.add(shellText);
                i++;
            }
        }
        return String.join(" ", words);
    }
}
