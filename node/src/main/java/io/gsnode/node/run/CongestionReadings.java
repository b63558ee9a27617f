package io.gsnode.node.run;

import io.gsnode.formats.record.NodeRecord;
import io.gsnode.libp2p.connection.CongestionWindow;
import io.gsnode.libp2p.connection.Connection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Every connection's congestion window at one instant (docs/conditions.md §4): the evidence that a
 * warm-up took the connections out of slow start, and in a cold cell the window the payload starts
 * with. The readings are asked of each connection on its own event loop at the instant and gathered
 * afterwards, so a publisher does not wait for them before it publishes.
 */
final class CongestionReadings {

    private static final Path SLOW_START_AFTER_IDLE = Path.of("/proc/sys/net/ipv4/tcp_slow_start_after_idle");
    /** How long the gathering waits for a connection's answer; an event loop busy for longer is not answering. */
    private static final long ANSWER_MS = 2000;

    private final List<String> peers = new ArrayList<>();
    private final List<CompletableFuture<CongestionWindow>> answers = new ArrayList<>();
    private final Integer slowStartAfterIdle;

    private CongestionReadings(Integer slowStartAfterIdle) {
        this.slowStartAfterIdle = slowStartAfterIdle;
    }

    /**
     * Asks every connection now. {@code kernelTcp}: the node's TCP is the kernel's, so its
     * {@code tcp_slow_start_after_idle} applies (1, Linux's default, restarts slow start at the first
     * send after an idle retransmission timeout, which a warm-up's gap can be): false under Shadow,
     * whose TCP is its own, and for QUIC.
     */
    static CongestionReadings ask(List<Connection> connections, boolean kernelTcp) {
        CongestionReadings r = new CongestionReadings(kernelTcp ? readSlowStartAfterIdle() : null);
        for (Connection c : connections) {
            r.peers.add(c.remotePeer().toString());
            r.answers.add(c.congestionWindow());
        }
        return r;
    }

    private static Integer readSlowStartAfterIdle() {
        try {
            return Integer.parseInt(Files.readString(SLOW_START_AFTER_IDLE).trim());
        } catch (IOException | NumberFormatException | SecurityException e) {
            return null;
        }
    }

    /**
     * The readings, once every connection answered (or failed to within {@link #ANSWER_MS}).
     * {@code warmupSent}: the bytes this node sent each peer during a warm cell's warm-up, by peer
     * id; null in other cells.
     */
    NodeRecord.CongestionWindows gather(Map<String, Long> warmupSent) {
        Map<String, Long> byPeer = new TreeMap<>();
        List<Long> windows = new ArrayList<>();
        String source = null;
        Long initial = null;
        int above = 0, carried = 0, carriedAbove = 0;
        for (int i = 0; i < answers.size(); i++) {
            CongestionWindow w;
            try {
                w = answers.get(i).get(ANSWER_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (Exception e) {
                w = CongestionWindow.unreadable("unreadable: " + e.getClass().getSimpleName());
            }
            if (source == null || w.bytes() != null) source = w.source();
            if (w.bytes() == null) continue;
            windows.add(w.bytes());
            byPeer.put(peers.get(i), w.bytes());
            if (w.initialBytes() != null) initial = w.initialBytes();
            if (Boolean.TRUE.equals(w.aboveInitial())) above++;
            if (warmupSent != null && w.initialBytes() != null && warmupSent.getOrDefault(peers.get(i), 0L) >= w.initialBytes()) {
                carried++;
                if (Boolean.TRUE.equals(w.aboveInitial())) carriedAbove++;
            }
        }
        Collections.sort(windows);
        return new NodeRecord.CongestionWindows(source == null ? "no connections" : source, initial, answers.size(),
                windows.size(), above, windows.isEmpty() ? null : windows.get(0),
                windows.isEmpty() ? null : windows.get((windows.size() - 1) / 2),
                windows.isEmpty() ? null : windows.get(windows.size() - 1), slowStartAfterIdle, byPeer,
                warmupSent == null ? null : carried, warmupSent == null ? null : carriedAbove,
                warmupSent == null ? null : new TreeMap<>(warmupSent));
    }
}
