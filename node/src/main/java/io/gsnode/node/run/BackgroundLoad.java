package io.gsnode.node.run;

import io.gsnode.segmentation.codec.PayloadGenerator;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Background load (docs/conditions.md §3): every sender node publishes a fresh high-entropy message
 * of {@code bytes} every {@code intervalMs}, from {@code fromMs} after T0 to the end of the hold,
 * on the background topic (the reference harness's {@code segmenttest/background}, which every node
 * joins) or on the arm's own first topic, so the measured payload competes with other traffic on
 * the same mesh.
 *
 * <p>A background message is a 20-byte header (magic, sender index, sequence number) followed by
 * high-entropy bytes (docs/arms.md §3.1's second generator), so every message is distinct, snappy
 * cannot shrink it, and a node tells it from the arm's messages on a shared topic by its header.
 *
 * @param senders the nodes that publish; null: every node
 * @param sameTopic publish on the arm's first topic instead of the background topic
 */
public record BackgroundLoad(int bytes, long intervalMs, long fromMs, Set<Integer> senders, boolean sameTopic) {

    /** The reference harness's background topic. */
    public static final String TOPIC = "segmenttest/background";
    static final byte[] MAGIC = "GSNBGLD1".getBytes(StandardCharsets.US_ASCII);
    /** Magic, sender (u32) and sequence number (u64). */
    public static final int HEADER_BYTES = 20;
    /** At most one gossipsub message's worth (docs/arms.md §5.2 allows 10 MiB; a background of more is not background). */
    public static final int MAX_BYTES = 1 << 20;
    /** The reference's default message size. */
    public static final int DEFAULT_BYTES = 8192;

    private static final Pattern SPEC = Pattern.compile("(\\d+)\\s*(b|kib|mib)?@(\\d+)\\s*(ms|s)?", Pattern.CASE_INSENSITIVE);

    public BackgroundLoad {
        if (bytes < HEADER_BYTES || bytes > MAX_BYTES) {
            throw new IllegalArgumentException("--background: a message must be " + HEADER_BYTES + ".." + MAX_BYTES
                    + " bytes (its header is " + HEADER_BYTES + "), was " + bytes);
        }
        if (intervalMs < 1) throw new IllegalArgumentException("--background: the interval must be at least 1 ms, was " + intervalMs);
        if (fromMs < 0) throw new IllegalArgumentException("--background-from must not be negative, was " + fromMs);
        if (senders != null) senders = Set.copyOf(new TreeSet<>(senders));
    }

    /**
     * Reads {@code SIZE@INTERVAL}: SIZE in bytes, or with {@code KiB}/{@code MiB}; INTERVAL in
     * milliseconds, or with {@code ms}/{@code s}. {@code 8KiB@100ms} is 8192 bytes every 100 ms.
     */
    public static BackgroundLoad parse(String spec, long fromMs, Set<Integer> senders, boolean sameTopic) {
        Matcher m = SPEC.matcher(spec.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("--background wants SIZE@INTERVAL, e.g. 8KiB@100ms or 8192@100, got '" + spec + "'");
        }
        long size = Long.parseLong(m.group(1)) * switch (m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT)) {
            case "kib" -> 1024L;
            case "mib" -> 1024L * 1024;
            default -> 1L;
        };
        long interval = Long.parseLong(m.group(3)) * ("s".equalsIgnoreCase(m.group(4)) ? 1000 : 1);
        if (size > MAX_BYTES) throw new IllegalArgumentException("--background: a message must be at most " + MAX_BYTES + " bytes, was " + size);
        return new BackgroundLoad((int) size, interval, fromMs, senders, sameTopic);
    }

    /** Reads {@code all} or a comma-separated list of node indices. */
    public static Set<Integer> parseSenders(String text) {
        if (text == null || text.isBlank() || text.trim().equalsIgnoreCase("all")) return null;
        Set<Integer> out = new TreeSet<>();
        for (String part : text.split(",")) {
            try {
                out.add(Integer.parseInt(part.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--background-nodes wants 'all' or node indices like 0,3,7, got '" + text + "'");
            }
        }
        return out;
    }

    /** Whether node {@code index} publishes. */
    public boolean sends(int index) {
        return senders == null || senders.contains(index);
    }

    /** The {@code seq}-th message of node {@code sender}. */
    public byte[] message(int sender, long seq) {
        byte[] fill = PayloadGenerator.highEntropy(bytes - HEADER_BYTES, ((long) sender << 40) ^ seq);
        ByteBuffer b = ByteBuffer.allocate(bytes);
        b.put(MAGIC).putInt(sender).putLong(seq).put(fill);
        return b.array();
    }

    /** Whether {@code data} is a background message of this load: its size, with the header. */
    public boolean carries(byte[] data) {
        return data.length == bytes && Arrays.equals(data, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    /** How the record and the CLI write it: {@code SIZE@INTERVALms}. */
    public String spec() {
        return bytes + "@" + intervalMs + "ms";
    }
}
