package io.gsnode.node.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.segmentation.arm.ArmCatalogue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JIT warm-up runs the node's arm to completion, round after round, and never touches the
 * network: while it runs, no socket of this process is bound or connected (the kernel's TCP and
 * UDP tables, watched every 5 ms, never list one of our sockets that was not there before), so no
 * byte of it can reach a cell's links or counters. (The JDK and Netty may open an unbound socket
 * once per process to ask the interfaces a question; such a socket never appears in those tables.)
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JitWarmupTest {

    private static final List<String> TABLES = List.of("tcp", "tcp6", "udp", "udp6");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"wholend", "atuned_32k", "bfixed_32k"})
    void everyRoundCompletesWithoutANetworkSocket(String arm) throws Exception {
        Set<String> before = networkSockets();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        ScheduledExecutorService watcher = Executors.newSingleThreadScheduledExecutor();
        watcher.scheduleAtFixedRate(() -> seen.addAll(networkSockets()), 0, 5, TimeUnit.MILLISECONDS);
        NodeRecord.JitWarmup done;
        try {
            done = JitWarmup.runToEnd(ArmCatalogue.get(arm), 256 * 1024, new GossipConfig.Builder().build());
        } finally {
            watcher.shutdownNow();
            watcher.awaitTermination(5, TimeUnit.SECONDS);
        }
        assertEquals(JitWarmup.ROUNDS, done.rounds(), "every round completed: " + done);
        assertFalse(done.stopped());
        assertNotNull(done.cpuMs(), "the process CPU is known on Linux");
        seen.removeAll(before);
        assertEquals(Set.of(), seen, "sockets bound or connected during the warm-up (inodes)");
    }

    /** Inodes of this process's sockets that the kernel lists as bound or connected. */
    private static Set<String> networkSockets() {
        Set<String> ours = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            fds.forEach(fd -> {
                try {
                    String link = Files.readSymbolicLink(fd).toString();
                    if (link.startsWith("socket:[")) ours.add(link.substring(8, link.length() - 1));
                } catch (IOException e) {
                    // closed while we looked
                }
            });
            Set<String> listed = new HashSet<>();
            for (String table : TABLES) {
                Path p = Path.of("/proc/self/net", table);
                if (!Files.exists(p)) continue;
                List<String> lines = Files.readAllLines(p);
                for (String line : lines.subList(1, lines.size())) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9) listed.add(f[9]);
                }
            }
            ours.retainAll(listed);
            return ours;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
