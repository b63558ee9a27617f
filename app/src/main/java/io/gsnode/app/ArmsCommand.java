package io.gsnode.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gsnode.node.cli.Units;
import io.gsnode.segmentation.arm.ArmListing;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode arms}: lists the arm catalogue (docs/arms.md §7), each arm with its
 * {@code SEGMENT_*} knobs and its wire form at one payload size, as a table or as JSON. Exit 0;
 * 2 for a payload below one byte.
 */
@Command(name = "arms", mixinStandardHelpOptions = true,
        description = {"Lists the arms (docs/arms.md §7): knobs and wire form (msgs / need / unit / id bytes, total)",
                "at one payload size. An arm not defined at that size says why."})
public final class ArmsCommand implements Callable<Integer> {

    @Option(names = "--payload", converter = Units.IntBytes.class, paramLabel = "BYTES",
            description = "Payload size P the knobs and wire forms are resolved at (default: ${DEFAULT-VALUE}, the report's 1 MiB).")
    int payload = 1 << 20;

    @Option(names = "--json", description = "Print a JSON array instead of the table.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (payload < 1) {
            System.err.println("gsnode arms: --payload must be at least 1 byte, was " + payload + " (see gsnode arms --help)");
            return 2;
        }
        ArmListing listing = ArmListing.of(payload);
        if (json) {
            System.out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(listing.asMaps()));
        } else {
            System.out.print(listing.text());
        }
        return 0;
    }
}
