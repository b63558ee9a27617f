package io.gsnode.app;

import static io.gsnode.app.GsnodeJar.JAR;
import static io.gsnode.app.GsnodeJar.JAVA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.node.jvm.NodeJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native libraries beside the assembled jar (after {@code package}): a node started with
 * {@link NodeJvm#flags} maps quiche and Conscrypt's BoringSSL from {@code target/native}, one file
 * that every node on the host shares, never a private temporary copy; a node on BoringSSL and a node
 * on the JDK's crypto exchange data over Noise; a jar without the directory falls back to the JDK
 * with a warning, or, asked for native crypto, exits 2 with one line.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class NativeLibrariesIT {

    private static final Pattern TCP_ADDR = Pattern.compile("\"(/ip4/127\\.0\\.0\\.1/tcp/\\d+/p2p/\\w+)\"");

    @TempDir
    Path dir;

    @Test
    void nodesMapTheirLibrariesFromTheJarsNativeDirectory() throws Exception {
        Path nativeDir = JAR.resolveSibling(NodeJvm.NATIVE_DIRECTORY);
        List<String> flags = NodeJvm.flags(JAVA, JAR.toString());
        assertTrue(flags.contains("-Djava.library.path=" + nativeDir), "a node is pointed at " + nativeDir + ": " + flags);

        Process listener = peer(flags, "--key-seed", "0", "--listen", "/ip4/127.0.0.1/udp/0/quic-v1",
                "--listen", "/ip4/127.0.0.1/tcp/0", "--seconds", "60");
        try {
            String addr = listeningAddress(listener);
            List<String> maps = Files.readAllLines(Path.of("/proc", Long.toString(listener.pid()), "maps"));
            for (String lib : List.of("libnetty_quiche42_linux_x86_64.so", "libconscrypt_openjdk_jni-linux-x86_64.so")) {
                List<String> mapped = maps.stream().filter(l -> l.contains(lib)).toList();
                assertFalse(mapped.isEmpty(), lib + " is mapped");
                assertTrue(mapped.stream().allMatch(l -> l.endsWith(nativeDir.resolve(lib).toString())),
                        lib + " comes from " + nativeDir + ", not a copy of its own: " + mapped);
            }
            // The dialer runs the JDK's ChaCha20-Poly1305 and SHA-256, the listener BoringSSL's: same bytes.
            List<String> jdkFlags = new ArrayList<>(flags);
            jdkFlags.add("-Dgsnode.crypto=jdk");
            Process dialer = peer(jdkFlags, "--key-seed", "1", "--dial", addr, "--send", "4194304", "--echo", "100000",
                    "--seconds", "1");
            String out = new String(dialer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(dialer.waitFor(2, TimeUnit.MINUTES));
            assertEquals(0, dialer.exitValue(), out);
            assertTrue(out.contains("\"match\":true"), "4 MiB crossed Noise intact, by both sides' SHA-256: " + out);
            assertFalse(out.contains("\"match\":false"), out);
        } finally {
            listener.destroy();
            listener.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aJarWithoutItsNativeDirectoryFallsBackOrRefusesNativeCrypto() throws Exception {
        Path jar = dir.resolve("gsnode.jar");
        Files.copy(JAR, jar);
        List<String> flags = NodeJvm.flags(JAVA, jar.toString());
        assertFalse(flags.stream().anyMatch(f -> f.startsWith("-Djava.library.path=")), "no directory, no flag: " + flags);

        Process refused = peer(jar, flags, "--crypto", "native", "--key-seed", "2", "--listen", "/ip4/127.0.0.1/tcp/0");
        assertTrue(refused.waitFor(1, TimeUnit.MINUTES));
        String err = stderr("2");
        assertEquals(2, refused.exitValue(), err);
        assertTrue(err.contains("--crypto: BoringSSL (Conscrypt) did not load"), err);

        Process fallback = peer(jar, flags, "--key-seed", "3", "--listen", "/ip4/127.0.0.1/tcp/0", "--seconds", "0");
        assertTrue(fallback.waitFor(1, TimeUnit.MINUTES));
        String fallbackErr = stderr("3");
        assertEquals(0, fallback.exitValue(), fallbackErr);
        assertTrue(fallbackErr.contains("the data path uses the JDK's ChaCha20-Poly1305 and SHA-256"), fallbackErr);
    }

    private Process peer(List<String> flags, String... args) throws IOException {
        return peer(JAR, flags, args);
    }

    private Process peer(Path jar, List<String> flags, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(JAVA.toString());
        cmd.addAll(flags);
        cmd.addAll(List.of("-jar", jar.toString(), "peer"));
        cmd.addAll(List.of(args));
        // stderr to a file: nobody has to drain it while the peer runs.
        return new ProcessBuilder(cmd).redirectError(dir.resolve("peer-" + args[1 + List.of(args).indexOf("--key-seed")]
                + ".err").toFile()).start();
    }

    /** What the peer of {@code --key-seed seed} wrote on stderr. */
    private String stderr(String seed) throws IOException {
        return Files.readString(dir.resolve("peer-" + seed + ".err"));
    }

    private static String listeningAddress(Process p) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            if (!line.contains("\"listening\"")) continue;
            Matcher m = TCP_ADDR.matcher(line);
            if (m.find()) return m.group(1);
        }
        throw new AssertionError("the listener never printed its TCP address");
    }
}
