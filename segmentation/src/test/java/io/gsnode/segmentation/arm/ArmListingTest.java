package io.gsnode.segmentation.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code gsnode arms}' content: at 1 MiB, the wire forms of docs/arms.md §7's table. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ArmListingTest {

    @Test
    void atOneMiBTheListingShowsTheReportsWireForms() {
        ArmListing listing = ArmListing.of(1 << 20);
        List<String> rows = new ArrayList<>();
        for (Map<String, Object> m : listing.asMaps()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> w = (Map<String, Object>) m.get("wire");
            rows.add(m.get("name") + " " + w.get("msgs") + "/" + w.get("need") + "/" + w.get("unit") + "/" + w.get("id_bytes"));
        }
        assertEquals(List.of("wholend 1/1/0/20", "atuned_32k 32/32/32768/20", "atuned_16k 64/64/16384/20",
                "acoded_32k 64/32/32768/101", "lad_phase_32k 32/32/32768/101", "lad_batch_16k 64/64/16384/101",
                "aadaptds_16k 64/64/16384/101", "aadaptcf_16k 128/64/11661/101", "aadaptcfd_16k 128/64/11661/101",
                "acodedcf_32k 64/32/23321/101", "bfixed_32k 32/32/32768/0", "bcodedfc1_32k 64/32/32768/0", "c_32k 32/32/32768/20", "crs_32k 64/32/32768/20", "line 1/1/0/20"), rows);
        String text = listing.text();
        assertTrue(text.contains("acoded_32k     acoded       a   64 /  32 /  32768 / 101    1818647 B"), text);
        assertTrue(text.contains(" SEGMENT_PARITY=32 "), text);
    }

    @Test
    void anArmUndefinedAtTheSizeSaysWhyInsteadOfFailingTheListing() {
        ArmListing listing = ArmListing.of(16384); // K = 16384 / 32768 = 0: no parity for the coded arms
        Map<String, Object> acoded = listing.asMaps().get(3);
        assertEquals("acoded_32k", acoded.get("name"));
        assertEquals("SEGMENT_PARITY=0: out of range (allowed 1..255)", acoded.get("error"));
        assertTrue(listing.asMaps().get(0).containsKey("wire"), "the whole message is defined at any size");
    }
}
