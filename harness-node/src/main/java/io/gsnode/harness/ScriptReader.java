package io.gsnode.harness;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a harness {@code params.json} ({@code {"script":[...]}}) into instructions, checking every
 * field before the node starts, so a broken script is one clear error and never a node that fails
 * halfway. Fields the harness may omit ({@code partial}, {@code publishToNodeIDs},
 * {@code gossipSubParams}) take its defaults; unknown fields are ignored, as go's decoder does.
 */
public final class ScriptReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ScriptReader() {
    }

    /** The script of {@code file}; any problem is an {@link IllegalArgumentException} naming where. */
    public static List<Instruction> read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
        return parse(text);
    }

    public static List<Instruction> parse(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) throw new IllegalArgumentException("not a JSON object with a \"script\" list");
        JsonNode script = root.get("script");
        if (script == null || !script.isArray()) throw new IllegalArgumentException("no \"script\" list");
        List<Instruction> out = new ArrayList<>();
        for (int i = 0; i < script.size(); i++) out.add(instruction(script.get(i), "script[" + i + "]"));
        return out;
    }

    private static Instruction instruction(JsonNode n, String at) {
        if (!n.isObject()) throw bad(at, "is not an object");
        String type = text(n, "type", at);
        return switch (type) {
            case "initGossipSub" -> {
                JsonNode params = n.get("gossipSubParams");
                if (params != null && !params.isObject() && !params.isNull()) throw bad(at + ".gossipSubParams", "is not an object");
                JsonNode given = params == null || params.isNull() ? JSON.createObjectNode() : params;
                try {
                    // Checked here, before the node listens: a value the router refuses is the script's error, not a late failure.
                    GoGossipParams.toConfig(given, warning -> { });
                } catch (IllegalArgumentException e) {
                    throw bad(at, e.getMessage());
                }
                yield new Instruction.InitGossipSub(given);
            }
            case "ifNodeIDEquals" -> {
                JsonNode nested = n.get("instruction");
                if (nested == null) throw bad(at, "has no \"instruction\"");
                yield new Instruction.IfNodeIdEquals(nodeId(n.get("nodeID"), at + ".nodeID"), instruction(nested, at + ".instruction"));
            }
            case "connect" -> new Instruction.Connect(nodeIds(n, "connectTo", at, true));
            case "subscribeToTopic" -> new Instruction.SubscribeToTopic(text(n, "topicID", at), bool(n, "partial", at));
            case "setTopicValidationDelay" -> {
                double s = number(n, "delaySeconds", at).doubleValue();
                if (!(s >= 0) || Double.isInfinite(s)) throw bad(at + ".delaySeconds", "must be a finite number of seconds >= 0");
                yield new Instruction.SetTopicValidationDelay(text(n, "topicID", at), s);
            }
            case "waitUntil" -> new Instruction.WaitUntil(nonNegativeLong(n, "elapsedSeconds", at));
            case "publish" -> {
                long size = nonNegativeLong(n, "messageSizeBytes", at);
                if (size < HarnessMessages.ID_BYTES || size > GoGossipParams.MAX_MESSAGE_SIZE) {
                    throw bad(at + ".messageSizeBytes", "must be at least " + HarnessMessages.ID_BYTES + " (the id's bytes) and at most "
                            + GoGossipParams.MAX_MESSAGE_SIZE + " (the harness node's max message size, go's too), was " + size);
                }
                yield new Instruction.Publish(nonNegativeLong(n, "messageID", at), (int) size, text(n, "topicID", at));
            }
            case "addPartialMessage" -> {
                long parts = nonNegativeLong(n, "parts", at);
                if (parts > 0xff) throw bad(at + ".parts", "is a bitmap of 8 parts: 0..255, was " + parts);
                yield new Instruction.AddPartialMessage((int) parts, text(n, "topicID", at), nonNegativeLong(n, "groupID", at));
            }
            case "publishPartial" -> new Instruction.PublishPartial(text(n, "topicID", at), nonNegativeLong(n, "groupID", at),
                    nodeIds(n, "publishToNodeIDs", at, false));
            default -> throw bad(at + ".type", "unknown instruction type \"" + type + "\"");
        };
    }

    private static String text(JsonNode n, String field, String at) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual()) throw bad(at, "needs \"" + field + "\" as a string");
        return v.asText();
    }

    private static boolean bool(JsonNode n, String field, String at) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) return false;
        if (!v.isBoolean()) throw bad(at + "." + field, "is not true or false");
        return v.asBoolean();
    }

    private static Number number(JsonNode n, String field, String at) {
        JsonNode v = n.get(field);
        if (v == null || !v.isNumber()) throw bad(at, "needs \"" + field + "\" as a number");
        return v.numberValue();
    }

    private static long nonNegativeLong(JsonNode n, String field, String at) {
        JsonNode v = n.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
            throw bad(at, "needs \"" + field + "\" as an integer >= 0");
        }
        return v.asLong();
    }

    private static int nodeId(JsonNode v, String at) {
        if (v == null || !v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < 0) throw bad(at, "is not a node id (an integer >= 0)");
        return v.asInt();
    }

    private static List<Integer> nodeIds(JsonNode n, String field, String at, boolean required) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            if (required) throw bad(at, "needs \"" + field + "\" as a list of node ids");
            return List.of();
        }
        if (!v.isArray()) throw bad(at + "." + field, "is not a list of node ids");
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) ids.add(nodeId(v.get(i), at + "." + field + "[" + i + "]"));
        return ids;
    }

    private static IllegalArgumentException bad(String at, String what) {
        return new IllegalArgumentException(at + " " + what);
    }
}
