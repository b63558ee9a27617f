package io.gsnode.formats.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The records' JSON on disk, key for key and in order: what earlier runs wrote must read back and write the same. */
class RecordJsonTest {

    static final String NODE_LINE = "{\"schema\":\"gsnode.node/1\",\"cell\":\"cell_a\",\"backend\":\"local\",\"arm\":\"B\",\"alias\":\"variant_b\"," +
            "\"transport\":\"QUIC\",\"quic_engine\":\"quiche\",\"impl\":\"java\",\"queue\":\"fifo\",\"delay\":\"netem\"," +
            "\"seed\":7,\"n\":8,\"payload_bytes\":1024,\"scenario\":\"STANDARD\",\"run\":2,\"condition\":\"warm\"," +
            "\"index\":3,\"peer_id\":\"peer3\",\"role\":\"receiver\",\"status\":\"complete\",\"completed\":true," +
            "\"completion_ms\":12.5,\"wire_form\":null,\"bytes\":{\"rx\":10,\"tx\":20,\"rx_data\":1,\"tx_data\":2," +
            "\"rx_control\":3,\"tx_control\":4,\"rx_partial\":5,\"tx_partial\":6},\"msgs\":{\"received\":1," +
            "\"duplicates\":2,\"ihave_sent\":3,\"ihave_received\":4,\"iwant_sent\":5,\"iwant_received\":6," +
            "\"idontwant_sent\":7,\"idontwant_received\":8,\"graft_sent\":9,\"graft_received\":10,\"prune_sent\":11," +
            "\"prune_received\":12,\"queue_drops\":13,\"rejected\":14,\"malformed\":15},\"mesh\":{\"at_publish\":2," +
            "\"peers_at_publish\":4,\"at_end\":3},\"connections\":{\"accepted\":4,\"identify_bound\":1,\"refused\":{\"security\":1}}," +
            "\"cpu_ms\":40,\"rss_max_bytes\":134217728,\"pss_bytes\":67108864,\"threads\":20,\"jit_warmup\":{\"rounds\":3," +
            "\"stopped\":false,\"ms\":200,\"cpu_ms\":150},\"warmup\":{\"at_ms\":500,\"gap_ms\":1000,\"completed\":true," +
            "\"completion_ms\":30.0,\"quiet_ms\":900.0,\"late\":false,\"bytes\":{\"rx\":null,\"tx\":null,\"rx_data\":1," +
            "\"tx_data\":2,\"rx_control\":3,\"tx_control\":4,\"rx_partial\":0,\"tx_partial\":0},\"received\":5," +
            "\"duplicates\":1},\"background\":null,\"cwnd_at_publish\":null,\"times\":{\"start_ms\":1,\"publish_ms\":2," +
            "\"end_ms\":3},\"snapshots\":[{\"t_ms\":100,\"rx\":1,\"tx\":2,\"rx_data\":3,\"tx_data\":4,\"distinct\":5," +
            "\"duplicates\":6}],\"timeline\":{\"heartbeats_ms\":[-300.5,699.5],\"first_copies\":[{\"id\":\"ab01\"," +
            "\"from\":\"peer1\",\"at_ms\":12.5}],\"copies\":[{\"id\":\"ab01\",\"to\":\"peer4\",\"kind\":\"push\"," +
            "\"queued_ms\":12.6,\"start_ms\":12.625,\"done_ms\":40.25}],\"truncated\":false},\"extras\":{\"iwant_served\":2},\"config\":{\"jvm\":{\"version\":\"17\"}," +
            "\"gossipsub\":{\"d\":8}},\"build\":{\"name\":\"gsnode\",\"version\":\"0.1.0\",\"commit\":\"abc\",\"dirty\":false," +
            "\"runtime\":\"17\"}}";

    private static final String CELL_JSON = "{\"schema\":\"gsnode.cell/1\",\"cell\":\"cell_a\",\"backend\":\"local\",\"arm\":\"B\",\"alias\":\"variant_b\"," +
            "\"transport\":\"QUIC\",\"quic_engine\":\"quiche\",\"impl\":\"java\",\"queue\":\"fifo\",\"delay\":\"netem\"," +
            "\"seed\":7,\"n\":8,\"payload_bytes\":1024,\"scenario\":\"STANDARD\",\"run\":2,\"condition\":\"warm\"," +
            "\"receivers\":1,\"completed\":1,\"lost\":0,\"p50_ms\":12.5,\"p90_ms\":12.5,\"p99_ms\":12.5,\"max_ms\":12.5," +
            "\"rate_at_deadline\":1.0,\"deadline_ms\":3000,\"median_rx_bytes\":10,\"median_tx_bytes\":20," +
            "\"median_rx_data_bytes\":1,\"median_rx_control_bytes\":3,\"median_duplicates\":2,\"median_cpu_ms\":40," +
            "\"warmup\":{\"receivers\":1,\"completed\":1,\"late\":0,\"p50_ms\":30.0,\"p99_ms\":30.0},\"cwnd_at_publish\":null," +
            "\"host\":{\"saturated_s\":0},\"host_saturated\":false,\"builds\":[{\"name\":\"gsnode\",\"version\":\"0.1.0\"," +
            "\"commit\":\"abc\",\"dirty\":false,\"runtime\":\"17\"}],\"fingerprint\":\"8bc610b6450e3e72\",\"settings\":{\"arm\":\"B\"," +
            "\"backend\":\"local\",\"condition\":\"warm\",\"delay\":\"netem\",\"gossipsub.d\":8,\"impl\":\"java\",\"n\":8," +
            "\"payload_bytes\":1024,\"queue\":\"fifo\",\"quic_engine\":\"quiche\",\"scenario\":\"STANDARD\",\"seed\":7," +
            "\"transport\":\"QUIC\",\"version.gsnode\":\"0.1.0\"}}";

    @Test
    void aNodeRecordWritesBackAsItWasRead() throws Exception {
        assertEquals(NODE_LINE, RecordJson.line(RecordJson.readNode(NODE_LINE)));
    }

    @Test
    void aCellSummaryWritesBackAsItWasRead(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve(CellFiles.SUMMARY), CELL_JSON);
        assertEquals(CELL_JSON, RecordJson.line(RecordJson.readCell(file)));
    }

    @Test
    void theSummaryOfARecordKeepsItsCellsIdentity() throws Exception {
        NodeRecord record = RecordJson.readNode(NODE_LINE);
        assertEquals(CELL_JSON, RecordJson.line(CellStatistics.summarise(List.of(record), Map.of("saturated_s", 0))));
    }

    @Test
    void recordsOlderThanImplAndConditionReadAsJavaAndCold() throws Exception {
        String old = NODE_LINE.replace("\"impl\":\"java\",", "").replace("\"condition\":\"warm\",", "");
        NodeRecord record = RecordJson.readNode(old);
        assertEquals(NodeRecord.JAVA, record.identity().impl());
        assertEquals(NodeRecord.COLD, NodeRecord.conditionOrCold(record.identity().condition()));
    }

    @Test
    void cellsOlderThanProvenanceReadWithoutIt(@TempDir Path tmp) throws Exception {
        String old = CELL_JSON.substring(0, CELL_JSON.indexOf(",\"builds\"")) + "}";
        CellSummary s = RecordJson.readCell(Files.writeString(tmp.resolve(CellFiles.SUMMARY), old));
        assertEquals(null, s.builds());
        assertEquals(null, s.settings());
    }
}
