package io.gsnode.formats.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of broken file is refused by every read mode ({@code --check}, the node's view and
 * the full read) with one line that names the problem. One test per kind, each breaking one
 * thing in the valid six-node fixture.
 */
class BrokenTopologyTest {

    @TempDir
    Path dir;

    private final ObjectNode valid = TopologyFixtures.tree(TopologyFixtures.sixNodes());

    @Test
    void theFixtureItselfIsValid() throws IOException {
        Path file = TopologyFixtures.write(dir, "valid.json", valid);
        assertEquals(6, TopologyReader.check(file).n());
    }

    @Test
    void rejectsAnUnknownSchema() throws IOException {
        valid.put("schema", "gsnode.topology/2");
        assertRejected(valid, "unknown schema 'gsnode.topology/2'; this reader knows gsnode.topology/1");
    }

    @Test
    void rejectsAMissingField() throws IOException {
        valid.remove("edges");
        assertRejected(valid, "missing field 'edges'");
    }

    @Test
    void rejectsAnUnknownField() throws IOException {
        valid.put("degre", 3);
        assertRejected(valid, "unknown field 'degre'");
    }

    @Test
    void rejectsAFieldThatAppearsTwice() throws IOException {
        String text = TopologyFixtures.MAPPER.writeValueAsString(valid).replace("\"seed\":7", "\"seed\":7,\"seed\":8");
        assertRejected(text, "field 'seed' appears twice");
    }

    @Test
    void rejectsNodesThatDoNotMatchN() throws IOException {
        valid.put("n", 7);
        assertRejected(valid, "nodes has 6 entries but n is 7");
    }

    @Test
    void rejectsAnNBelowTwo() throws IOException {
        valid.put("n", 1);
        assertRejected(valid, "n must be in 2..");
    }

    @Test
    void rejectsAnNThatIsNotAnInteger() throws IOException {
        valid.put("n", "6");
        assertRejected(valid, "n must be an integer, was the string '6'");
    }

    @Test
    void rejectsAMalformedIp() throws IOException {
        node(2).put("ip", "10.0.0");
        assertRejected(valid, "nodes[2].ip '10.0.0' is not a dotted-quad IPv4 address");
    }

    @Test
    void rejectsALoopbackIp() throws IOException {
        node(2).put("ip", "127.0.0.1");
        assertRejected(valid, "nodes[2].ip '127.0.0.1' is a loopback address");
    }

    @Test
    void rejectsADuplicateIp() throws IOException {
        node(4).put("ip", "10.0.0.2");
        assertRejected(valid, "nodes[4].ip 10.0.0.2 is already nodes[1]'s");
    }

    @Test
    void rejectsNodesOutOfIndexOrder() throws IOException {
        node(3).put("index", 4);
        assertRejected(valid, "nodes[3].index is 4; nodes must be listed in index order, so it should be 3");
    }

    @Test
    void rejectsANodeWithoutAField() throws IOException {
        node(1).remove("down_bps");
        assertRejected(valid, "nodes[1] has no 'down_bps'");
    }

    @Test
    void rejectsAnUnknownClass() throws IOException {
        node(1).put("class", "cloud");
        assertRejected(valid, "nodes[1].class 'cloud' is unknown (home, datacenter, builder)");
    }

    @Test
    void rejectsAnUnknownRegion() throws IOException {
        node(1).put("region", "mars");
        assertRejected(valid, "nodes[1].region 'mars' is unknown (eu, na-east, na-west, asia, rest)");
    }

    @Test
    void rejectsARateOfZero() throws IOException {
        node(5).put("up_bps", 0);
        assertRejected(valid, "nodes[5].up_bps must be at least 1, was 0");
    }

    @Test
    void rejectsAnEdgeOutOfRange() throws IOException {
        edge(8).set(1, valid.numberNode(6));
        assertRejected(valid, "edges[8] [4, 6] is out of range: node indices are 0..5");
    }

    @Test
    void rejectsAnEdgeWhoseAIsNotBelowB() throws IOException {
        edge(0).set(0, valid.numberNode(1));
        edge(0).set(1, valid.numberNode(0));
        assertRejected(valid, "edges[0] [1, 0] must have a < b (the lower index dials the higher)");
    }

    @Test
    void rejectsASelfLoop() throws IOException {
        edge(0).set(1, valid.numberNode(0));
        assertRejected(valid, "edges[0] [0, 0] must have a < b");
    }

    @Test
    void rejectsAnEdgeThatIsNotAPair() throws IOException {
        edge(3).add(4);
        assertRejected(valid, "edges[3] must be a pair [a, b], it has more than two entries");
    }

    @Test
    void rejectsADuplicateEdge() throws IOException {
        ((ArrayNode) valid.get("edges")).addArray().add(1).add(4);
        assertRejected(valid, "edges[9] [1, 4] duplicates edges[4]");
    }

    @Test
    void rejectsADisconnectedGraph() throws IOException {
        ArrayNode edges = valid.putArray("edges");
        for (int[] e : List.of(new int[] {0, 1}, new int[] {1, 2}, new int[] {0, 2}, new int[] {3, 4}, new int[] {4, 5})) {
            edges.addArray().add(e[0]).add(e[1]);
        }
        assertRejected(valid, "the dial graph is disconnected: 2 components; node 3 cannot reach node 0");
    }

    @Test
    void rejectsALatencyMatrixOfTheWrongLength() throws IOException {
        ((ArrayNode) valid.get("latency_us")).remove(35);
        assertRejected(valid, "latency_us has 35 entries but n*n is 6*6 = 36");
    }

    @Test
    void rejectsANegativeLatency() throws IOException {
        ((ArrayNode) valid.get("latency_us")).set(7, valid.numberNode(-5));
        assertRejected(valid, "latency_us[7] (row 1, column 1) is negative: -5");
    }

    @Test
    void rejectsAFractionalLatency() throws IOException {
        ((ArrayNode) valid.get("latency_us")).set(8, valid.numberNode(1.5));
        assertRejected(valid, "latency_us[8] (row 1, column 2) must be an integer number of microseconds, was the number 1.5");
    }

    @Test
    void rejectsAnUnknownLatencyModel() throws IOException {
        valid.put("latency_model", "gauss");
        assertRejected(valid, "latency_model 'gauss' is unknown (geo, uniform)");
    }

    @Test
    void rejectsAnUnknownScenario() throws IOException {
        valid.put("scenario", "dc30");
        assertRejected(valid, "scenario 'dc30' is unknown (home, dc20, dcb20, upN");
    }

    @Test
    void rejectsAPublisherOutOfRange() throws IOException {
        valid.put("publisher", 6);
        assertRejected(valid, "publisher 6 is out of range: node indices are 0..5");
    }

    @Test
    void rejectsADegreeOfNOrMore() throws IOException {
        valid.put("degree", 6);
        assertRejected(valid, "degree must be in 0..n-1 = 0..5, was 6");
    }

    @Test
    void rejectsMalformedJson() throws IOException {
        String text = TopologyFixtures.MAPPER.writeValueAsString(valid);
        assertRejected(text.substring(0, text.length() / 2), "not valid JSON: ");
    }

    @Test
    void rejectsANumberLongerThanJacksonReads() throws IOException {
        String text = TopologyFixtures.MAPPER.writeValueAsString(valid).replace("\"seed\":7", "\"seed\":" + "9".repeat(1200));
        assertRejected(text, "not valid JSON: Number value length");
    }

    @Test
    void rejectsASeedBeyondSixtyFourBits() throws IOException {
        String text = TopologyFixtures.MAPPER.writeValueAsString(valid).replace("\"seed\":7", "\"seed\":18446744073709551616");
        assertRejected(text, "seed 18446744073709551616 does not fit in 64 bits");
    }

    @Test
    void rejectsAnEmptyFile() throws IOException {
        assertRejected("", "the file is empty");
    }

    @Test
    void rejectsSomethingOtherThanAnObject() throws IOException {
        assertRejected("[1, 2, 3]", "a topology is one JSON object, the file holds an array");
    }

    @Test
    void rejectsContentAfterTheObject() throws IOException {
        assertRejected(TopologyFixtures.MAPPER.writeValueAsString(valid) + " {}", "unexpected content after the topology object");
    }

    private ObjectNode node(int index) {
        return (ObjectNode) valid.get("nodes").get(index);
    }

    private ArrayNode edge(int k) {
        return (ArrayNode) valid.get("edges").get(k);
    }

    private void assertRejected(ObjectNode tree, String expected) throws IOException {
        assertRejected(TopologyFixtures.MAPPER.writeValueAsString(tree), expected);
    }

    /** Each read mode refuses the file with the same single-line message, which names the problem. */
    private void assertRejected(String content, String expected) throws IOException {
        Path file = TopologyFixtures.write(dir, "broken.json", content);
        String checked = assertThrows(InvalidTopologyException.class, () -> TopologyReader.check(file)).getMessage();
        assertTrue(checked.contains(expected), () -> "expected '" + expected + "' in: " + checked);
        assertFalse(checked.contains("\n"), () -> "not one line: " + checked);
        assertEquals(checked, assertThrows(InvalidTopologyException.class, () -> TopologyReader.readLocal(file, 0)).getMessage());
        try (InputStream in = Files.newInputStream(file)) {
            assertEquals(checked, assertThrows(InvalidTopologyException.class, () -> TopologyReader.read(in)).getMessage());
        }
    }
}
