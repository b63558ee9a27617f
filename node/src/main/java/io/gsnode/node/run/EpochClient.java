package io.gsnode.node.run;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Asks a cell's epoch coordinator for T0 once this node listens, where the nodes share no file
 * system (a Kubernetes cell: {@code gsnode k8s coordinator}). Each request says which node is
 * listening ({@code GET URL?index=I}); the coordinator answers 202 until every node of the cell
 * has asked, then 200 with T0 in decimal epoch milliseconds, the same T0 to every node. A
 * coordinator not yet reachable is asked again: its pod may start after the nodes'.
 */
public final class EpochClient {

    /** Between two questions: short beside the coordinator's lead, so every node hears T0 in time. */
    static final Duration POLL = Duration.ofMillis(250);
    /** An answer is a number of epoch milliseconds or a short reason: anything longer is not a coordinator's. */
    static final int MAX_BODY_BYTES = 256;
    /** How far T0 may lie from this node's clock: a coordinator's T0 is its lead (seconds) after the last node. */
    static final Duration MAX_SKEW = Duration.ofHours(1);

    private EpochClient() {}

    /**
     * @throws IOException when {@code timeout} passes first, or the coordinator refuses the request
     *     (another status than 200 or 202, or a body that is not epoch milliseconds)
     */
    public static long awaitEpoch(URI url, int index, Duration timeout) throws IOException, InterruptedException {
        URI ask = URI.create(url + (url.getRawQuery() == null ? "?" : "&") + "index=" + index);
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(ask).timeout(Duration.ofSeconds(10)).GET().build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer yet";
        while (System.nanoTime() - deadline < 0) {
            HttpResponse<InputStream> r = null;
            try {
                r = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                last = "unreachable: " + e;
            }
            if (r != null) {
                String body = boundedBody(ask, r.body());
                if (r.statusCode() == 200) return parse(ask, body);
                if (r.statusCode() != 202) {
                    throw new IOException("the epoch coordinator at " + ask + " answered " + r.statusCode() + ": " + body);
                }
                last = body;
            }
            Thread.sleep(POLL.toMillis());
        }
        throw new IOException("no epoch from " + ask + " within " + timeout.toSeconds() + " s (last: " + last + ")");
    }

    /** The answer's body, read up to {@link #MAX_BODY_BYTES}: a longer one is refused, never held. */
    private static String boundedBody(URI ask, InputStream in) throws IOException {
        try (in) {
            byte[] b = in.readNBytes(MAX_BODY_BYTES + 1);
            if (b.length > MAX_BODY_BYTES) {
                throw new IOException("the epoch coordinator at " + ask + " answered more than " + MAX_BODY_BYTES
                        + " bytes: not a coordinator's answer");
            }
            return new String(b, StandardCharsets.UTF_8).trim();
        }
    }

    /** T0 in epoch milliseconds, within {@link #MAX_SKEW} of this node's clock (a schedule counted from it must not overflow). */
    static long parse(URI ask, String body) throws IOException {
        long t0;
        try {
            t0 = Long.parseLong(body);
        } catch (NumberFormatException e) {
            throw new IOException("the epoch coordinator at " + ask + " answered '" + body + "', not epoch milliseconds");
        }
        long now = System.currentTimeMillis();
        if (Math.abs(t0 - now) > MAX_SKEW.toMillis()) {
            throw new IOException("the epoch coordinator at " + ask + " answered T0 " + t0 + ", more than " + MAX_SKEW.toMinutes()
                    + " minutes from this node's clock (" + now + ")");
        }
        return t0;
    }
}
