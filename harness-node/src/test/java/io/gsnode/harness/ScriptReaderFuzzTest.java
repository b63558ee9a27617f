package io.gsnode.harness;

import io.gsnode.libp2p.testing.Mutations;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * The interop harness's script and its gossipsub parameters are file bytes another tool wrote: any
 * text is a script or refused with an {@link IllegalArgumentException} naming where, never another
 * exception, before the node listens. Tries: -Djqwik.tries.
 */
class ScriptReaderFuzzTest {

    @Property
    void randomTextIsAScriptOrRefused(@ForAll @Size(max = 512) String text) {
        parseOrRefuse(text);
    }

    @Property
    void theHarnessDryRunWithBytesChangedIsAScriptOrRefused(@ForAll long seed) {
        parseOrRefuse(Mutations.of(ScriptReaderTest.DRY_RUN, seed));
    }

    static void parseOrRefuse(String text) {
        try {
            ScriptReader.parse(text);
        } catch (IllegalArgumentException refused) {
            // interop-node exits 2 naming the place, before it listens
        }
    }
}
