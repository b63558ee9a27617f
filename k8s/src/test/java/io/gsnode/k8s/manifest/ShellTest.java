package io.gsnode.k8s.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Every word the pods' scripts quote reaches the program as it was, through a real {@code sh}. */
class ShellTest {

    @Test
    void quotedWordsSurviveTheShellUnchanged() throws Exception {
        List<String> words = List.of("plain", "gsnode-{i}.gsnode", "it's", "$(rm -rf /)", "a b", "", "-Xlog:all=warning:stderr",
                "*", "\"q\"");
        Process p = new ProcessBuilder("sh", "-c", "for w in " + Shell.join(words) + "; do printf '%s\\n' \"$w\"; done")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        assertEquals(String.join("\n", words) + "\n", out);
        assertEquals("plain", Shell.quote("plain"), "safe words stay readable");
    }

    @Test
    void theValuesOnlyThePodKnowsAreLeftToTheShell() throws Exception {
        List<String> args = List.of("--index", "0", "--cell", "a b", "--queue", "none");
        String script = "for w in " + Shell.join(args, Map.of("--index", "\"$N\"", "--queue", "\"$(echo fq codel)\""))
                + "; do printf '%s\\n' \"$w\"; done";
        Process p = new ProcessBuilder("sh", "-c", "N=7; " + script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        assertEquals(String.join("\n", List.of("--index", "7", "--cell", "a b", "--queue", "fq codel")) + "\n", out);
    }
}
