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
 * Harness scripts as the harness's {@code experiment.py} builds them, shortened so a Shadow run
 * fits a test: the same instructions in the same order (staggered first heartbeats, the random
 * connection mesh where one side dials each pair, the validation delay, the publishes by random
 * nodes), with the waits cut from minutes to seconds.
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
     * {@code subnet-blob-msg}, shortened: publishes from 10 s, one every {@code gapSeconds}, then 5 s to flush.
     */
    static Script subnetBlob(int nodes, int messages, int gapSeconds, long seed) {
        Random random = new Random(seed);
        ArrayNode script = JSON.createArrayNode();
        spreadHeartbeats(script, nodes);
        script.addObject().put("type", "setTopicValidationDelay").put("topicID", TOPIC).put("delaySeconds", 0.005);
        connectionMesh(script, nodes, Math.min(20, nodes - 1), random);
        script.addObject().put("type", "subscribeToTopic").put("topicID", TOPIC).put("partial", false);
        int elapsed = 10;
        waitUntil(script, elapsed);
        Map<Long, Integer> publishers = new LinkedHashMap<>();
        for (long m = 0; m < messages; m++) {
            int publisher = random.nextInt(nodes);
            publishers.put(m, publisher);
            onNode(script, publisher).putObject("instruction").put("type", "publish").put("messageID", m)
                    .put("messageSizeBytes", BLOB_MESSAGE_BYTES).put("topicID", TOPIC);
            elapsed += gapSeconds;
            waitUntil(script, elapsed);
        }
        waitUntil(script, elapsed + 5);
        return new Script(wrap(script), publishers);
    }

    /**
     * {@code partial-messages}, shortened: every node adds random parts of one group (drawn until
     * the nodes hold all 8 between them) at 5 s and publishes it; 10 s to flush.
     */
    static String partialMessages(int nodes, long seed) {
        Random random = new Random(seed);
        ArrayNode script = JSON.createArrayNode();
        spreadHeartbeats(script, nodes);
        connectionMesh(script, nodes, Math.min(20, nodes - 1), random);
        script.addObject().put("type", "subscribeToTopic").put("topicID", TOPIC).put("partial", true);
        waitUntil(script, 5);
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
        waitUntil(script, 15);
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
