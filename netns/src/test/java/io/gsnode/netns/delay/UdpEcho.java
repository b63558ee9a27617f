package io.gsnode.netns.delay;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A UDP echo server and a client that measures round trips, each on a thread in a namespace. */
final class UdpEcho {

    static final int PORT = 7007;

    private UdpEcho() {
    }

    /** An echo server at {@code ip}:{@value #PORT} in {@code namespace}; close the returned socket to stop it. */
    static DatagramSocket server(Path namespace, String ip) throws Exception {
        CompletableFuture<DatagramSocket> bound = new CompletableFuture<>();
        InNamespace.start(namespace, "echo-server-" + ip, () -> {
            DatagramSocket s = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(ip), PORT));
            bound.complete(s);
            byte[] buf = new byte[2048];
            try {
                while (true) {
                    DatagramPacket p = new DatagramPacket(buf, buf.length);
                    s.receive(p);
                    s.send(new DatagramPacket(p.getData(), p.getLength(), p.getSocketAddress()));
                }
            } catch (SocketException closed) {
                return null;
            }
        }).whenComplete((v, e) -> {
            if (e != null) bound.completeExceptionally(e);
        });
        return bound.get();
    }

    /**
     * Round trips in nanoseconds from {@code fromIp} in {@code namespace} to the echo server at
     * {@code toIp}: {@code warmup} unmeasured, then {@code count} measured, one at a time. A lost
     * echo (1 s) fails.
     */
    static List<Long> roundTrips(Path namespace, String fromIp, String toIp, int warmup, int count) throws Exception {
        return InNamespace.start(namespace, "echo-client-" + fromIp, () -> {
            List<Long> rtts = new ArrayList<>();
            try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(fromIp), 0))) {
                s.setSoTimeout(1000);
                InetSocketAddress server = new InetSocketAddress(InetAddress.getByName(toIp), PORT);
                byte[] in = new byte[64];
                for (int k = 0; k < warmup + count; k++) {
                    byte[] out = ByteBuffer.allocate(64).putLong(k).array();
                    long t0 = System.nanoTime();
                    s.send(new DatagramPacket(out, out.length, server));
                    while (true) {
                        DatagramPacket p = new DatagramPacket(in, in.length);
                        try {
                            s.receive(p);
                        } catch (SocketTimeoutException e) {
                            throw new IOException("echo " + k + " from " + fromIp + " to " + toIp + " was lost");
                        }
                        if (ByteBuffer.wrap(in).getLong() == k) break;
                    }
                    if (k >= warmup) rtts.add(System.nanoTime() - t0);
                }
            }
            return rtts;
        }).get();
    }

    static double medianMillis(List<Long> nanos) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        int m = sorted.size();
        double median = m % 2 == 1 ? sorted.get(m / 2) : (sorted.get(m / 2 - 1) + sorted.get(m / 2)) / 2.0;
        return median / 1e6;
    }
}
