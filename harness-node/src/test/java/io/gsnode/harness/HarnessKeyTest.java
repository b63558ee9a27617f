package io.gsnode.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The harness's key conformance check, as its go, rust and jvm nodes run it: SHA-256 over
 * {@code ">id:peerId\n"} for node ids 0..9999 must give the harness's digest, so every
 * implementation derives the same peer id for every node (peers are dialled by id).
 */
class HarnessKeyTest {

    @Test
    void peerIdsOfTheFirstTenThousandNodesMatchTheHarnessDigest() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (int id = 0; id < 10_000; id++) {
            sha.update((">" + id + ":" + ScriptedNode.peerIdOf(id) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        assertEquals("11395ea896d00ca25f7f648ebb336488ee092096a5498d90d76b92eaec27867a", HexFormat.of().formatHex(sha.digest()));
    }

    @Test
    void nodeIdsComeFromHostNames() {
        assertEquals(0, NodeName.idOf("node0"));
        assertEquals(417, NodeName.idOf("node417"));
        assertEquals(3, NodeName.idOf("node3.local"));
        for (String bad : new String[] {"node", "nodex", "host1", "node-1", "", "Node1"}) {
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> NodeName.idOf(bad), bad);
        }
    }
}
