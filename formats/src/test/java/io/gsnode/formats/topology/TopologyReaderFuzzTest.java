package io.gsnode.formats.topology;

import io.gsnode.libp2p.testing.Mutations;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * A topology file is the user's input: any file, a valid one with bytes changed included, is read
 * or refused with an IOException naming the problem (what the commands print before any node
 * starts), never another exception. Tries: -Djqwik.tries.
 */
class TopologyReaderFuzzTest {

    static final byte[] VALID = valid();

    private static byte[] valid() {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            TopologyWriter.write(TopologyFixtures.sixNodes(), out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Property
    void randomBytesAreReadOrRefused(@ForAll @Size(max = 1024) byte[] bytes) {
        readOrRefuse(bytes);
    }

    @Property
    void aValidFileWithBytesChangedIsReadOrRefused(@ForAll long seed) {
        readOrRefuse(Mutations.of(VALID, seed));
    }

    static void readOrRefuse(byte[] bytes) {
        try {
            TopologyReader.read(new ByteArrayInputStream(bytes));
        } catch (IOException refused) {
            // unreadable JSON or a rule broken: one line, exit 2
        }
    }
}
