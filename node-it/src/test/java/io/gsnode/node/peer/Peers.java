package io.gsnode.node.peer;

import io.gsnode.node.cli.PeerCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How to start each implementation of the peer contract; the go and js ones are built by scripts/test.sh. */
enum Peers {
    /** The Java peer with QUIC on Kwik. */
    JAVA,
    /** The Java peer with QUIC on Netty's native codec, the default engine. */
    JAVA_NETTY,
    GO,
    JS;

    boolean java() {
        return this == JAVA || this == JAVA_NETTY;
    }

    static Path repo() {
        String dir = System.getProperty("gsnode.repo");
        if (dir == null) throw new IllegalStateException("system property gsnode.repo is not set (run through Maven)");
        return Path.of(dir);
    }

    List<String> command(String... args) {
        List<String> command = new ArrayList<>();
        switch (this) {
            case JAVA, JAVA_NETTY -> {
                command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
                command.add("-cp");
                command.add(System.getProperty("java.class.path"));
                command.add(PeerCommand.class.getName());
                command.addAll(List.of("--quic-engine", this == JAVA ? "kwik" : "netty"));
            }
            case GO -> command.add(require(repo().resolve("interop/go/bin/gopeer"), "interop/go/build.sh").toString());
            case JS -> {
                require(repo().resolve("interop/js/node_modules"), "interop/js/install.sh");
                command.add(repo().resolve("interop/js/jspeer").toString());
            }
        }
        command.addAll(List.of(args));
        return command;
    }

    private static Path require(Path path, String script) {
        if (!Files.exists(path)) {
            throw new IllegalStateException(path + " is missing: run " + script + " (scripts/test.sh does it)");
        }
        return path;
    }

    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
