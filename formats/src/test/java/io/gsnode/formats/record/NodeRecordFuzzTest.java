package io.gsnode.formats.record;

import io.gsnode.libp2p.testing.Mutations;
import java.io.IOException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * A node record is read from what a pod, another build or a user's file left (gsnode k8s collect,
 * compare, study report): any text is a record or refused with an {@link IOException} or an
 * {@link IllegalArgumentException}, never another exception or an Error. Tries: -Djqwik.tries.
 */
class NodeRecordFuzzTest {

    @Property
    void randomTextIsARecordOrRefused(@ForAll @Size(max = 512) String text) {
        readOrRefuse(text);
    }

    @Property
    void aRecordWithBytesChangedIsReadOrRefused(@ForAll long seed) {
        readOrRefuse(Mutations.of(RecordJsonTest.NODE_LINE, seed));
    }

    static void readOrRefuse(String text) {
        try {
            RecordJson.readNode(text);
        } catch (IOException | IllegalArgumentException refused) {
            // the node is counted as lost, and the file named
        }
    }
}
