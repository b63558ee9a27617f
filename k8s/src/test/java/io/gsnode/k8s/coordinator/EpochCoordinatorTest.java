package io.gsnode.k8s.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.node.run.EpochClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The coordinator and the node's client over real HTTP on loopback; the clock is the test's. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EpochCoordinatorTest {

    /** The test's clock starts at the real one: a node refuses a T0 far from its own clock. */
    private final long start = System.currentTimeMillis();
    private final AtomicLong clock = new AtomicLong(start);
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @Test
    void everyNodeGetsTheSameEpochTheLeadAfterTheLastNodeSaidItListens() throws Exception {
        try (EpochCoordinator c = new EpochCoordinator(3, 0, 2500, clock::get, new PrintStream(log, true))) {
            URI url = URI.create("http://127.0.0.1:" + c.port() + "/epoch");
            ExecutorService nodes = Executors.newFixedThreadPool(3);
            try {
                List<Future<Long>> epochs = new ArrayList<>();
                epochs.add(nodes.submit(() -> EpochClient.awaitEpoch(url, 0, Duration.ofSeconds(30))));
                epochs.add(nodes.submit(() -> EpochClient.awaitEpoch(url, 1, Duration.ofSeconds(30))));
                Thread.sleep(600);
                assertEquals(202, get(url + "?index=1").statusCode(), "two of three listen: still waiting");
                assertFalse(c.awaitAllTold(Duration.ZERO));
                clock.set(start + 1000);
                epochs.add(nodes.submit(() -> EpochClient.awaitEpoch(url, 2, Duration.ofSeconds(30))));
                for (Future<Long> f : epochs) assertEquals(start + 3500, f.get(20, TimeUnit.SECONDS));
                assertTrue(c.awaitAllTold(Duration.ofSeconds(5)));
                assertEquals(Long.toString(start + 3500), get(url + "?index=0").body().trim(), "a late repeat gets the same T0");
            } finally {
                nodes.shutdownNow();
            }
        }
        assertTrue(log.toString().contains("all 3 nodes listen"), log.toString());
    }

    @Test
    void aQuestionWithoutAValidIndexIsRefusedAndTheClientSaysWhy() throws Exception {
        try (EpochCoordinator c = new EpochCoordinator(2, 0, 1000, clock::get, new PrintStream(log, true))) {
            String base = "http://127.0.0.1:" + c.port() + "/epoch";
            assertEquals(400, get(base).statusCode());
            assertEquals(400, get(base + "?index=2").statusCode());
            assertEquals(400, get(base + "?index=x").statusCode());
            IOException e = assertThrows(IOException.class, () -> EpochClient.awaitEpoch(URI.create(base), 7, Duration.ofSeconds(10)));
            assertTrue(e.getMessage().contains("answered 400"), e.getMessage());
            assertTrue(c.silent().startsWith("0, 1 (2 of 2)"), c.silent());
        }
    }

    /** A hostile coordinator: an endless body is refused after 256 bytes, a T0 that would overflow the schedule is refused. */
    @Test
    void anAnswerTooLongOrAT0FarFromTheClockIsRefused() throws Exception {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/long", ex -> {
            ex.sendResponseHeaders(200, 0); // chunked: as long as the server likes
            try (var out = ex.getResponseBody()) {
                byte[] digits = "1".repeat(64 * 1024).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                for (int i = 0; i < 16 * 400; i++) out.write(digits); // 400 MiB offered
            } catch (IOException e) {
                // the client hung up after its 256 bytes
            }
        });
        server.createContext("/max", ex -> {
            byte[] b = Long.toString(Long.MAX_VALUE).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            ex.sendResponseHeaders(200, b.length);
            try (var out = ex.getResponseBody()) {
                out.write(b);
            }
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            IOException tooLong = assertThrows(IOException.class, () -> EpochClient.awaitEpoch(URI.create(base + "/long"), 0,
                    Duration.ofSeconds(20)));
            assertTrue(tooLong.getMessage().contains("answered more than 256 bytes"), tooLong.getMessage());
            IOException far = assertThrows(IOException.class, () -> EpochClient.awaitEpoch(URI.create(base + "/max"), 0,
                    Duration.ofSeconds(20)));
            assertTrue(far.getMessage().contains("answered T0 " + Long.MAX_VALUE + ", more than 60 minutes from this node's clock"),
                    far.getMessage());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aClientWithNoCoordinatorGivesUpAfterItsTimeoutNamingWhatItLastHeard() {
        IOException e = assertThrows(IOException.class,
                () -> EpochClient.awaitEpoch(URI.create("http://127.0.0.1:9/epoch"), 0, Duration.ofMillis(800)));
        assertTrue(e.getMessage().contains("no epoch from") && e.getMessage().contains("unreachable"), e.getMessage());
    }

    @Test
    void theIndexIsReadFromAnyPositionOfTheQuery() {
        assertEquals(4, EpochCoordinator.index("a=b&index=4"));
        assertNull(EpochCoordinator.index("indexx=4"));
        assertNull(EpochCoordinator.index(null));
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
