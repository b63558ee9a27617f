package io.gsnode.harness;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Harness scripts as the harness's {@code experiment.py} builds them: the same instructions in
 * the same order (staggered first heartbeats, the random connection mesh where one side dials
 * each pair, the validation delay, the publishes by random nodes), with the harness's waits or,
 * for a test of a few hosts, waits cut from minutes to seconds ({@link Timing}).
 */
final class HarnessScenarios {

    static final String TOPIC = "a-subnet";
    /** {@code subnet-blob-msg}'s message: 48 blobs' worth of a data column, 2 KiB each. */
    static final int BLOB_MESSAGE_BYTES = 2 * 1024 * 48;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Who published which message, for the checks. */
    record Script(String json, Map<Long, Integer> publishers) {}

    private HarnessScenarios() {
    }

    /**
     * The waits of a scenario: setup before the first publish, time between publishes, time to
     * flush after the last.
     */
    record Timing(int setupSeconds, int gapSeconds, int flushSeconds) {
        /** The harness's {@code subnet-blob-msg}: 120 s, 12 s, 30 s. */
        static final Timing SUBNET_BLOB = new Timing(120, 12, 30);
        /** The harness's {@code partial-messages}: 30 s of setup, 10 s to flush. */
        static final Timing PARTIAL = new Timing(30, 0, 10);
        /** Short enough for a test of a few hosts, whose connections are up in well under a second. */
        static final Timing SUBNET_BLOB_SHORT = new Timing(10, 2, 5);
        static final Timing PARTIAL_SHORT = new Timing(5, 0, 10);
    }

    /** {@code subnet-blob-msg}: {@code messages} publishes by random nodes, with {@code timing}'s waits. */
    static Script subnetBlob(int nodes, int messages, Timing timing, long seed) {
        Random random = new Random(seed);
        ArrayNode script = JSON.createArrayNode();
        spreadHeartbeats(script, nodes);
        script.addObject().put("type", "setTopicValidationDelay").put("topicID", TOPIC).put("delaySeconds", 0.005);
        connectionMesh(script, nodes, Math.min(20, nodes - 1), random);
        script.addObject().put("type", "subscribeToTopic").put("topicID", TOPIC).put("partial", false);
        int elapsed = timing.setupSeconds();
        waitUntil(script, elapsed);
        Map<Long, Integer> publishers = new LinkedHashMap<>();
        for (long m = 0; m < messages; m++) {
            int publisher = random.nextInt(nodes);
            publishers.put(m, publisher);
            onNode(script, publisher).putObject("instruction").put("type", "publish").put("messageID", m)
                    .put("messageSizeBytes", BLOB_MESSAGE_BYTES).put("topicID", TOPIC);
            elapsed += timing.gapSeconds();
            waitUntil(script, elapsed);
        }
        waitUntil(script, elapsed + timing.flushSeconds());
        return new Script(wrap(script), publishers);
    }

    /**
     * {@code partial-messages}: after {@code timing}'s setup every node adds random parts of one
     * group (drawn until the nodes hold all 8 between them) and publishes it.
     */
    static String partialMessages(int nodes, Timing timing, long seed) {
        Random random = new Random(seed);
        ArrayNode script = JSON.createArrayNode();
        spreadHeartbeats(script, nodes);
        connectionMesh(script, nodes, Math.min(20, nodes - 1), random);
        script.addObject().put("type", "subscribeToTopic").put("topicID", TOPIC).put("partial", true);
        waitUntil(script, timing.setupSeconds());
        int group = random.nextInt(256);
        int[] parts = new int[nodes];
        int union;
        do {
            union = 0;
            for (int i = 0; i < nodes; i++) {
                parts[i] = random.nextInt(256);
                union |= parts[i];
            }
        } while (union != 0xff);
        for (int i = 0; i < nodes; i++) {
            onNode(script, i).putObject("instruction").put("type", "addPartialMessage").put("topicID", TOPIC)
                    .put("groupID", group).put("parts", parts[i]);
        }
        script.addObject().put("type", "publishPartial").put("topicID", TOPIC).put("groupID", group);
        waitUntil(script, timing.setupSeconds() + timing.flushSeconds());
        return wrap(script);
    }

    /**
     * {@code partial-messages-fanout}: node 0 never subscribes; after {@code timing}'s setup it
     * adds all 8 parts and publishes them to nodes 1..7 only; the others get them from those.
     */
    static String partialFanout(int nodes, Timing timing, long seed) {
        Random random = new Random(seed);
        ArrayNode script = JSON.createArrayNode();
        spreadHeartbeats(script, nodes);
        connectionMesh(script, nodes, Math.min(20, nodes - 1), random);
        for (int i = 1; i < nodes; i++) {
            onNode(script, i).putObject("instruction").put("type", "subscribeToTopic").put("topicID", TOPIC).put("partial", true);
        }
        int group = random.nextInt(256);
        waitUntil(script, timing.setupSeconds());
        onNode(script, 0).putObject("instruction").put("type", "addPartialMessage").put("topicID", TOPIC)
                .put("groupID", group).put("parts", 0xff);
        ArrayNode to = onNode(script, 0).putObject("instruction").put("type", "publishPartial").put("topicID", TOPIC)
                .put("groupID", group).putArray("publishToNodeIDs");
        for (int i = 1; i < Math.min(8, nodes); i++) to.add(i);
        waitUntil(script, timing.setupSeconds() + timing.flushSeconds());
        return wrap(script);
    }

    /** The harness's {@code spread_heartbeat_delay}: node i's first heartbeat at 100 ms + 0.1 ms (i + 1), in ns. */
    private static void spreadHeartbeats(ArrayNode script, int nodes) {
        for (int i = 0; i < nodes; i++) {
            long nanos = 100_000_000L + 100_000L * (i + 1);
            onNode(script, i).putObject("instruction").put("type", "initGossipSub")
                    .putObject("gossipSubParams").put("HeartbeatInitialDelay", nanos);
        }
    }

    /** The harness's {@code random_network_mesh}: {@code per} distinct peers each, one side dialling each pair. */
    private static void connectionMesh(ArrayNode script, int nodes, int per, Random random) {
        List<Set<Integer>> linked = new ArrayList<>();
        Map<Integer, List<Integer>> dials = new LinkedHashMap<>();
        for (int i = 0; i < nodes; i++) linked.add(new LinkedHashSet<>());
        for (int i = 0; i < nodes; i++) {
            while (linked.get(i).size() < per) {
                int target = random.nextInt(nodes);
                if (target == i || linked.get(i).contains(target)) continue;
                linked.get(i).add(target);
                linked.get(target).add(i);
                dials.computeIfAbsent(i, k -> new ArrayList<>()).add(target);
            }
        }
        for (var e : dials.entrySet()) {
            ArrayNode to = onNode(script, e.getKey()).putObject("instruction").put("type", "connect").putArray("connectTo");
            e.getValue().forEach(to::add);
        }
    }

    private static ObjectNode onNode(ArrayNode script, int node) {
        return script.addObject().put("type", "ifNodeIDEquals").put("nodeID", node);
    }

    private static void waitUntil(ArrayNode script, int seconds) {
        script.addObject().put("type", "waitUntil").put("elapsedSeconds", seconds);
    }

    private static String wrap(ArrayNode script) {
        ObjectNode root = JSON.createObjectNode();
        root.set("script", script);
        return root.toString();
    }
}
