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
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    /** Every node at 127.0.0.1, where the test's HTTP client speaks from. */
    private static NodeAddresses loopbackNodes() {
        return NodeAddresses.by(i -> List.of(InetAddress.getLoopbackAddress()));
    }

    /**
     * Half-sent questions (the reported attack: two of them stopped the old two-thread server) hold
     * no thread: 40 connections from one address that never finish their request line, and the
     * nodes still hear T0; past 8 from that address a connection is closed at once, and the 8 held
     * are closed when their request is not whole within the deadline. Each refusal is counted.
     */
    @Test
    void halfSentQuestionsNeitherStopTheNodesNorStayOpen() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try (EpochCoordinator c = new EpochCoordinator(3, 0, 500, clock::get, new PrintStream(log, true), loopbackNodes())) {
            for (int i = 0; i < 40; i++) {
                Socket s = new Socket();
                s.bind(new InetSocketAddress("127.0.0.2", 0));
                s.connect(new InetSocketAddress("127.0.0.1", c.port()), 2000);
                s.getOutputStream().write("GET /epoch?ind".getBytes(StandardCharsets.US_ASCII));
                slow.add(s);
            }
            URI url = URI.create("http://127.0.0.1:" + c.port() + "/epoch");
            ExecutorService nodes = Executors.newFixedThreadPool(3);
            try {
                List<Future<Long>> epochs = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    int index = i;
                    epochs.add(nodes.submit(() -> EpochClient.awaitEpoch(url, index, Duration.ofSeconds(30))));
                }
                long t0 = epochs.get(0).get(30, TimeUnit.SECONDS);
                for (Future<Long> f : epochs) assertEquals(t0, f.get(30, TimeUnit.SECONDS));
            } finally {
                nodes.shutdownNow();
            }
            for (Socket s : slow) {
                s.setSoTimeout(10_000);
                assertEquals(-1, s.getInputStream().read(), "a half-sent question's connection is closed, not held");
            }
            Map<String, Long> refused = c.refusals();
            assertEquals(32L, refused.get("too_many_from_address"), refused.toString());
            assertEquals(8L, refused.get("too_slow"), refused.toString());
        } finally {
            for (Socket s : slow) s.close();
        }
    }

    /**
     * The reported attack: one client asks for every index and the cell starts with no node present.
     * Node i is whoever its name resolves to (here 127.0.0.10 + i); another address is refused
     * with 403 and counted, and the nodes themselves still get T0.
     */
    @Test
    void oneClientCannotSpeakForTheNodes() throws Exception {
        NodeAddresses names = NodeAddresses.by(i -> List.of(InetAddress.getByName("127.0.0." + (10 + i))));
        try (EpochCoordinator c = new EpochCoordinator(2, 0, 500, clock::get, new PrintStream(log, true), names)) {
            for (int i = 0; i < 2; i++) {
                String answer = askUntilAnswered(c.port(), i, "127.0.0.1");
                assertTrue(answer.startsWith("HTTP/1.1 403") && answer.contains("127.0.0.1 is not node " + i + "'s address"), answer);
            }
            assertFalse(c.awaitAllTold(Duration.ZERO));
            assertEquals("0, 1 (2 of 2)", c.silent(), "an intruder's questions make no node listen");
            String first = askUntilAnswered(c.port(), 0, "127.0.0.10");
            assertTrue(first.startsWith("HTTP/1.1 202"), first);
            String second = askUntilAnswered(c.port(), 1, "127.0.0.11");
            assertTrue(second.startsWith("HTTP/1.1 200") && second.endsWith((start + 500) + "\n"), second);
            assertEquals(2L, c.refusals().get("not_the_node"), c.refusals().toString());
        }
    }

    /** Asks for {@code index} from {@code from} over a raw socket until the answer is not "looking up"; the whole answer. */
    private static String askUntilAnswered(int port, int index, String from) throws Exception {
        for (int tries = 0; tries < 200; tries++) {
            try (Socket s = new Socket()) {
                s.bind(new InetSocketAddress(from, 0));
                s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
                s.setSoTimeout(5000);
                s.getOutputStream().write(("GET /epoch?index=" + index + " HTTP/1.1\r\nHost: epoch\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!answer.contains("looking up node")) return answer;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("node " + index + "'s address was never looked up");
    }

    @Test
    void everyNodeGetsTheSameEpochTheLeadAfterTheLastNodeSaidItListens() throws Exception {
        try (EpochCoordinator c = new EpochCoordinator(3, 0, 2500, clock::get, new PrintStream(log, true), loopbackNodes())) {
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
        try (EpochCoordinator c = new EpochCoordinator(2, 0, 1000, clock::get, new PrintStream(log, true), loopbackNodes())) {
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
                byte[] digits = "1".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);
                for (int i = 0; i < 16 * 400; i++) out.write(digits); // 400 MiB offered
            } catch (IOException e) {
                // the client hung up after its 256 bytes
            }
        });
        server.createContext("/max", ex -> {
            byte[] b = Long.toString(Long.MAX_VALUE).getBytes(StandardCharsets.US_ASCII);
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
