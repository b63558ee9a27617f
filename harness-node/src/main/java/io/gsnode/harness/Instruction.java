package io.gsnode.harness;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One step of a harness script ({@code script_instruction.py}); every node runs the whole script
 * in order. Field names are the JSON's.
 */
public sealed interface Instruction {

    /** Builds the router: go-libp2p-pubsub's defaults plus the parameters given ({@link GoGossipParams}). */
    record InitGossipSub(JsonNode gossipSubParams) implements Instruction {}

    /** Runs {@code instruction} on node {@code nodeId} only. */
    record IfNodeIdEquals(int nodeId, Instruction instruction) implements Instruction {}

    /** Dials each node, one after the other. */
    record Connect(List<Integer> connectTo) implements Instruction {
        public Connect {
            connectTo = List.copyOf(connectTo);
        }
    }

    /** Joins a topic; {@code partial} asks peers for partial messages on it. */
    record SubscribeToTopic(String topicId, boolean partial) implements Instruction {}

    /** Holds each first-seen message of the topic this long before accepting it. */
    record SetTopicValidationDelay(String topicId, double delaySeconds) implements Instruction {}

    /** Runs no later instruction before the process's start plus {@code elapsedSeconds}. */
    record WaitUntil(long elapsedSeconds) implements Instruction {}

    /** Publishes {@code messageSizeBytes} bytes whose first 8 are {@code messageId}, big-endian. */
    record Publish(long messageId, int messageSizeBytes, String topicId) implements Instruction {}

    /** Holds the parts of group {@code groupId} that bitmap {@code parts} names. */
    record AddPartialMessage(int parts, String topicId, long groupId) implements Instruction {}

    /** Offers the group's parts to the partial peers, or to {@code publishToNodeIds} when given (may be empty: not given). */
    record PublishPartial(String topicId, long groupId, List<Integer> publishToNodeIds) implements Instruction {
        public PublishPartial {
            publishToNodeIds = List.copyOf(publishToNodeIds);
        }
    }
}
