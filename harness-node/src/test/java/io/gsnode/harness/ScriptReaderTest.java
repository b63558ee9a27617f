package io.gsnode.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The harness's params.json, from a 4-node dry run of the harness, and what a broken one gets. */
class ScriptReaderTest {

    static final String DRY_RUN = "{\"script\":["
            + "{\"type\":\"ifNodeIDEquals\",\"nodeID\":0,\"instruction\":{\"type\":\"initGossipSub\",\"gossipSubParams\":{\"HeartbeatInitialDelay\":100100000}}},"
            + "{\"type\":\"setTopicValidationDelay\",\"topicID\":\"a-subnet\",\"delaySeconds\":0.005},"
            + "{\"type\":\"ifNodeIDEquals\",\"nodeID\":0,\"instruction\":{\"type\":\"connect\",\"connectTo\":[1,2,3]}},"
            + "{\"type\":\"subscribeToTopic\",\"topicID\":\"a-subnet\",\"partial\":false},"
            + "{\"type\":\"waitUntil\",\"elapsedSeconds\":120},"
            + "{\"type\":\"ifNodeIDEquals\",\"nodeID\":1,\"instruction\":{\"type\":\"publish\",\"messageID\":0,\"messageSizeBytes\":98304,\"topicID\":\"a-subnet\"}}]}";

    @Test
    void theHarnessDryRunReadsAsItsInstructions() {
        List<Instruction> script = ScriptReader.parse(DRY_RUN);
        assertEquals(6, script.size());
        Instruction.IfNodeIdEquals init = (Instruction.IfNodeIdEquals) script.get(0);
        assertEquals(0, init.nodeId());
        assertEquals(100_100_000L, ((Instruction.InitGossipSub) init.instruction()).gossipSubParams().get("HeartbeatInitialDelay").asLong());
        assertEquals(new Instruction.SetTopicValidationDelay("a-subnet", 0.005), script.get(1));
        assertEquals(new Instruction.IfNodeIdEquals(0, new Instruction.Connect(List.of(1, 2, 3))), script.get(2));
        assertEquals(new Instruction.SubscribeToTopic("a-subnet", false), script.get(3));
        assertEquals(new Instruction.WaitUntil(120), script.get(4));
        assertEquals(new Instruction.IfNodeIdEquals(1, new Instruction.Publish(0, 98_304, "a-subnet")), script.get(5));
    }

    @Test
    void partialInstructionsAndOmittedOptionalFields() {
        List<Instruction> script = ScriptReader.parse("{\"script\":["
                + "{\"type\":\"initGossipSub\"},"
                + "{\"type\":\"subscribeToTopic\",\"topicID\":\"a-subnet\"},"
                + "{\"type\":\"addPartialMessage\",\"topicID\":\"a-subnet\",\"groupID\":200,\"parts\":255},"
                + "{\"type\":\"publishPartial\",\"topicID\":\"a-subnet\",\"groupID\":200},"
                + "{\"type\":\"publishPartial\",\"topicID\":\"a-subnet\",\"groupID\":200,\"publishToNodeIDs\":[1,2]}]}");
        assertEquals(0, ((Instruction.InitGossipSub) script.get(0)).gossipSubParams().size());
        assertEquals(new Instruction.SubscribeToTopic("a-subnet", false), script.get(1));
        assertEquals(new Instruction.AddPartialMessage(255, "a-subnet", 200), script.get(2));
        assertEquals(new Instruction.PublishPartial("a-subnet", 200, List.of()), script.get(3));
        assertEquals(new Instruction.PublishPartial("a-subnet", 200, List.of(1, 2)), script.get(4));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "not json                                                                    | not JSON",
            "[]                                                                          | not a JSON object",
            "{}                                                                          | no \"script\" list",
            "{\"script\":[{\"type\":\"fly\"}]}                                           | script[0].type unknown instruction type \"fly\"",
            "{\"script\":[{}]}                                                           | script[0] needs \"type\"",
            "{\"script\":[{\"type\":\"connect\"}]}                                       | script[0] needs \"connectTo\"",
            "{\"script\":[{\"type\":\"connect\",\"connectTo\":[1,-2]}]}                  | script[0].connectTo[1] is not a node id",
            "{\"script\":[{\"type\":\"waitUntil\",\"elapsedSeconds\":1.5}]}              | script[0] needs \"elapsedSeconds\" as an integer",
            "{\"script\":[{\"type\":\"publish\",\"messageID\":0,\"messageSizeBytes\":4,\"topicID\":\"t\"}]} | script[0].messageSizeBytes must be at least 8",
            "{\"script\":[{\"type\":\"addPartialMessage\",\"topicID\":\"t\",\"groupID\":1,\"parts\":256}]}   | script[0].parts is a bitmap",
            "{\"script\":[{\"type\":\"setTopicValidationDelay\",\"topicID\":\"t\",\"delaySeconds\":-1}]}    | script[0].delaySeconds must be",
            "{\"script\":[{\"type\":\"ifNodeIDEquals\",\"nodeID\":0}]}                   | script[0] has no \"instruction\"",
            "{\"script\":[{\"type\":\"ifNodeIDEquals\",\"nodeID\":0,\"instruction\":{\"type\":\"x\"}}]} | script[0].instruction.type unknown",
            "{\"script\":[{\"type\":\"initGossipSub\",\"gossipSubParams\":[]}]}           | script[0].gossipSubParams is not an object",
            "{\"script\":[{\"type\":\"initGossipSub\",\"gossipSubParams\":{\"HistoryLength\":2147483647}}]} | script[0] gossipSubParams.HistoryLength: at most 10000 heartbeat windows",
            "{\"script\":[{\"type\":\"initGossipSub\",\"gossipSubParams\":{\"D\":\"six\"}}]} | script[0] gossipSubParams.D is not a number",
            "{\"script\":[{\"type\":\"publish\",\"messageID\":0,\"messageSizeBytes\":2147483647,\"topicID\":\"t\"}]} | script[0].messageSizeBytes must be at least 8 (the id's bytes) and at most 10485760",
    })
    void aBrokenScriptIsRefusedSayingWhere(String json, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ScriptReader.parse(json.strip()));
        assertTrue(e.getMessage().startsWith(expected.strip()), e.getMessage());
    }
}
