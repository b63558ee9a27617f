package io.gsnode.harness.cli;

import io.gsnode.harness.InteropWrapper;
import io.gsnode.node.jvm.NodeJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode interop-wrapper --out FILE}: writes the executable the gossipsub-interop harness
 * runs for gsnode, for this JDK and this jar (docs/gossipsub-interop.md, "Registering gsnode").
 */
@Command(name = "interop-wrapper", mixinStandardHelpOptions = true,
        description = {"Write the executable libp2p's gossipsub-interop harness runs for gsnode (its gsnode/gossipsub-bin):",
                "a shell script that starts this jar's interop-node with this JDK and the Shadow-safe JVM flags."})
public final class InteropWrapperCommand implements Callable<Integer> {

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Where to write the script (made executable).")
    Path out;

    @Option(names = "--java", paramLabel = "PATH", description = "The java binary to bake in (default: the one running this command).")
    Path java;

    @Override
    public Integer call() throws Exception {
        Path javaBin = (java != null ? java : Path.of(System.getProperty("java.home"), "bin", "java")).toAbsolutePath();
        if (!Files.isExecutable(javaBin)) {
            System.err.println("gsnode interop-wrapper: --java names " + javaBin + ", which is not an executable file");
            return 2;
        }
        String classpath = System.getProperty("java.class.path");
        if (NodeJvm.jarOf(classpath).isEmpty()) {
            System.err.println("gsnode interop-wrapper: run it from the assembled jar (./gsnode interop-wrapper), not from "
                    + classpath);
            return 2;
        }
        Path target = out.toAbsolutePath();
        if (target.getParent() != null) Files.createDirectories(target.getParent());
        Files.writeString(target, InteropWrapper.script(javaBin, classpath));
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
        System.err.println("gsnode interop-wrapper: wrote " + target);
        return 0;
    }
}
