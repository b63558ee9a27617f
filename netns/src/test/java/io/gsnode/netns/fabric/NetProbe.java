package io.gsnode.netns.fabric;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small TCP load tool the fabric tests run inside node namespaces ({@code ip netns exec NS java
 * -cp ... NetProbe ...}), so a measurement crosses the real fabric.
 *
 * <pre>
 *   sink PORT WARMUP_MS MEASURE_MS      prints "SRC_IP BITS_PER_SECOND" per sender, measured
 *                                       over MEASURE_MS after WARMUP_MS from the first byte
 *   send HOST PORT DURATION_MS          sends zeros as fast as the path takes them
 * </pre>
 */
public final class NetProbe {

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "sink" -> sink(Integer.parseInt(args[1]), Long.parseLong(args[2]), Long.parseLong(args[3]));
            case "send" -> send(args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]));
            default -> throw new IllegalArgumentException("sink or send, not " + args[0]);
        }
    }

    private static void sink(int port, long warmupMs, long measureMs) throws Exception {
        Map<String, AtomicLong> bytes = new ConcurrentHashMap<>();
        AtomicLong firstByte = new AtomicLong();
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress(port));
            System.out.println("ready");
            System.out.flush();
            Thread acceptor = new Thread(() -> {
                while (true) {
                    try {
                        Socket s = server.accept();
                        String from = s.getInetAddress().getHostAddress();
                        AtomicLong counter = bytes.computeIfAbsent(from, k -> new AtomicLong());
                        Thread reader = new Thread(() -> read(s, counter, firstByte, warmupMs));
                        reader.setDaemon(true);
                        reader.start();
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            while (firstByte.get() == 0) Thread.sleep(5);
            long measureStart = firstByte.get() + warmupMs;
            while (System.currentTimeMillis() < measureStart) Thread.sleep(5);
            Map<String, Long> at = snapshot(bytes);
            long t0 = System.nanoTime();
            Thread.sleep(measureMs);
            Map<String, Long> end = snapshot(bytes);
            double seconds = (System.nanoTime() - t0) / 1e9;
            for (Map.Entry<String, Long> e : end.entrySet()) {
                long delta = e.getValue() - at.getOrDefault(e.getKey(), 0L);
                System.out.printf("%s %.0f%n", e.getKey(), delta * 8 / seconds);
            }
            System.out.flush();
        }
        System.exit(0);
    }

    private static Map<String, Long> snapshot(Map<String, AtomicLong> bytes) {
        Map<String, Long> out = new TreeMap<>();
        bytes.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    private static void read(Socket s, AtomicLong counter, AtomicLong firstByte, long warmupMs) {
        byte[] buf = new byte[64 * 1024];
        try (InputStream in = s.getInputStream()) {
            int n;
            while ((n = in.read(buf)) > 0) {
                firstByte.compareAndSet(0, System.currentTimeMillis());
                counter.addAndGet(n);
            }
        } catch (Exception ignored) {
            // The sender stopped.
        }
    }

    private static void send(String host, int port, long durationMs) throws Exception {
        byte[] buf = new byte[64 * 1024];
        long end = System.currentTimeMillis() + durationMs;
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 5000);
            OutputStream out = s.getOutputStream();
            while (System.currentTimeMillis() < end) out.write(buf);
        } catch (Exception e) {
            // The sink closed first: the measurement is over.
        }
    }
}
