package io.gsnode.harness;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.gsnode.gossipsub.MessageId;
import io.gsnode.libp2p.peer.PeerId;
import java.io.PrintStream;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The lines the harness's analysis reads from a node's stdout, one compact JSON object each, in
 * the field order of go's node. The time is UTC with exactly six fraction digits: the analysis
 * orders lines by comparing these strings, and Shadow's self-loop links are 2 ms, so both the
 * fixed width and the microseconds matter. Nothing else is written to this stream.
 */
public final class HarnessLog {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'")
            .withZone(ZoneOffset.UTC);

    private final PrintStream out;
    private final Clock clock;

    public HarnessLog(PrintStream out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    /** Once, before any other line: the analysis assigns the lines that follow to {@code nodeId}. */
    public void peerId(PeerId id, int nodeId) {
        write("\"msg\":\"PeerID\",\"id\":" + quoted(id.toString()) + ",\"node_id\":" + nodeId);
    }

    /** One per copy received from a peer: the first arrival, each duplicate, each IWANT answer. */
    public void received(PeerId from, String topic, MessageId id) {
        write("\"msg\":\"Received Message\",\"service\":\"gossipsub\",\"from\":" + quoted(from.toString())
                + ",\"topic\":" + quoted(topic) + ",\"id\":\"" + HarnessMessages.decimal(id) + "\"");
    }

    /** Once per partial-message group that became complete here (or was complete when added). */
    public void allPartsReceived(long groupId) {
        write("\"msg\":\"All parts received\",\"group id\":" + Long.toUnsignedString(groupId));
    }

    private void write(String fields) {
        String line = "{\"time\":\"" + TIME.format(clock.instant()) + "\",\"level\":\"INFO\"," + fields + "}";
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    private static String quoted(String s) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
    }
}
