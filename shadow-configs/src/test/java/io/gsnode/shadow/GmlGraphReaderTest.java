package io.gsnode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The GML reader keeps Shadow's parser rules. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class GmlGraphReaderTest {

    private static final String NODE = "node [ id 0 host_bandwidth_up \"8 bit\" host_bandwidth_down \"16 bit\" ]\n";

    private static GmlGraph read(String text) throws IOException {
        return GmlGraphReader.read(new StringReader(text));
    }

    private static String refused(String text) {
        return assertThrows(IOException.class, () -> read(text)).getMessage();
    }

    @Test
    void aGraphOnOneLineOrManyReadsTheSame() throws IOException {
        GmlGraph g = read("graph [ directed 1 " + NODE + " edge [ source 0 target 0 latency \"2 ms\" packet_loss 0.0 ] ]");
        assertTrue(g.directed());
        assertEquals(1, g.edgeCount());
        assertEquals(2_000_000L, g.latencyNanos(0));
        assertEquals(16, g.node(0).downBps());
    }

    @Test
    void anIntegerLossAnUnknownKeyAndAnUnquotedLatencyAreRefused() {
        assertTrue(refused("graph [ " + NODE + " edge [ source 0 target 0 latency \"2 ms\" packet_loss 0 ] ]").contains("float token"));
        assertTrue(refused("graph [ " + NODE + " edge [ source 0 target 0 latency \"2 ms\" loss 0.0 ] ]").contains("unknown edge key"));
        assertTrue(refused("graph [ " + NODE + " edge [ source 0 target 0 latency 2 ] ]").contains("quoted string"));
        assertTrue(refused("graph [ directed 1 directed 1 ]").contains("twice"));
        assertTrue(refused("graph [ " + NODE + NODE + "]").contains("appears twice"));
        assertTrue(refused("graph [ node [ id 0 label \"a\"\"b\" ] ]").contains("whitespace"));
    }

    @Test
    void numbersPastALongAreRefusedWithTheirLine() {
        // Found by ShadowFilesFuzzTarget: both escaped as exceptions other than the reader's own.
        assertTrue(refused("graph [ " + NODE + " edge [ source 44444444444444444444 target 0 latency \"2 ms\" ] ]")
                .contains("out of range"));
        assertTrue(refused("graph [ node [ id 0 host_bandwidth_up \"99999999999999999999 Gbit\" ] ]").contains("too large"));
    }
}
