package io.gsnode.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gsnode.node.jvm.NodeJvm;
import io.gsnode.shadow.ShadowJvmFlags;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class NodeJvmCommandTest {

    @Test
    void printsTheNodeFlagsAndWithShadowTheHostFlagsThatJvmFlagReplaces() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classpath = System.getProperty("java.class.path");

        List<String> node = printed();
        List<String> shadow = printed("--shadow");

        assertEquals(NodeJvm.flags(java, classpath), node);
        List<String> expected = new ArrayList<>(node);
        expected.addAll(ShadowJvmFlags.SHADOW_ADDITIONS);
        assertEquals(expected, shadow);
        assertEquals(ShadowJvmFlags.recommended(java.toString(), classpath), shadow);
    }

    private static List<String> printed(String... args) {
        PrintStream stdout = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, new CommandLine(new NodeJvmCommand()).execute(args));
        } finally {
            System.setOut(stdout);
        }
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
