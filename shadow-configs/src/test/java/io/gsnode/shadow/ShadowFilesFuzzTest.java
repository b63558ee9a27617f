package io.gsnode.shadow;

import io.gsnode.libp2p.testing.Mutations;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * A generated or hand-edited {@code shadow.yaml} and {@code shadow.gml} with bytes changed is read
 * or refused with the reader's own error (the validator reports it as a problem), never another
 * exception. Tries: -Djqwik.tries.
 */
class ShadowFilesFuzzTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/quic-fifo");
    static final String YAML = read(GOLDEN.resolve(ShadowConfig.CONFIG_FILE));
    static final String GML = read(GOLDEN.resolve(ShadowConfig.GRAPH_FILE));

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Property
    void configs(@ForAll long seed) {
        readConfigOrRefuse(Mutations.of(YAML, seed));
    }

    @Property
    void graphs(@ForAll long seed) {
        readGraphOrRefuse(Mutations.of(GML, seed));
    }

    static void readConfigOrRefuse(String yaml) {
        try {
            ShadowYamlFiles.read(yaml);
        } catch (IllegalArgumentException refused) {
            // a problem naming the key path and line
        }
    }

    static void readGraphOrRefuse(String gml) {
        try {
            GmlGraphReader.read(new StringReader(gml));
        } catch (IOException refused) {
            // a problem naming the line
        }
    }
}
