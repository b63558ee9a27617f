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

    private final AtomicLong clock = new AtomicLong(1_000_000);
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
                clock.set(2_000_000);
                epochs.add(nodes.submit(() -> EpochClient.awaitEpoch(url, 2, Duration.ofSeconds(30))));
                for (Future<Long> f : epochs) assertEquals(2_002_500L, f.get(20, TimeUnit.SECONDS));
                assertTrue(c.awaitAllTold(Duration.ofSeconds(5)));
                assertEquals("2002500", get(url + "?index=0").body().trim(), "a late repeat gets the same T0");
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
