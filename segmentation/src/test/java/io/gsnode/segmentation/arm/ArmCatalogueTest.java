package io.gsnode.segmentation.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.formats.wire.WireForm;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The catalogue is the report's arm table (docs/arms.md §7): names, aliases, knobs and wire forms. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ArmCatalogueTest {

    private static final int ONE_MIB = 1 << 20;

    @Test
    void listsEveryArmOfTheReportInTheReportsOrder() {
        assertEquals(List.of("wholend", "atuned_32k", "atuned_16k", "acoded_32k", "lad_phase_32k", "lad_batch_16k",
                "aadaptds_16k", "aadaptcf_16k", "aadaptcfd_16k", "acodedcf_32k", "bfixed_32k", "bcodedfc1_32k", "c_32k", "crs_32k", "line"),
                ArmCatalogue.names());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "wholend, wholend, a", "atuned_32k, atuned, a", "atuned_16k, am_k64, a", "acoded_32k, acoded, a",
        "lad_phase_32k, lad_phase, a", "lad_batch_16k, lad_batch16, a", "aadaptds_16k, aadaptds, a",
        "aadaptcf_16k, aadaptcf, a", "aadaptcfd_16k, aadaptcfd, a", "acodedcf_32k, acodedcf, a",
        "bfixed_32k, bfixed, b", "bcodedfc1_32k, bcodedfc1, b", "c_32k, c32, c", "crs_32k, c32rs, c", "line, line, a",
    })
    void armsAreFoundByNameAndByPublishedAlias(String name, String alias, String variant) {
        Arm arm = ArmCatalogue.get(name);
        assertEquals(alias, arm.alias());
        assertEquals(variant, arm.variant());
        assertSame(arm, ArmCatalogue.get(alias));
    }

    /** docs/arms.md §7, the last column: msgs / need / unit / id width at P = 1 MiB. */
    @ParameterizedTest(name = "{0}: {1}/{2}/{3}/{4}")
    @CsvSource({
        "wholend,        1,  1,     0,  20",
        "atuned_32k,    32, 32, 32768,  20",
        "atuned_16k,    64, 64, 16384,  20",
        "acoded_32k,    64, 32, 32768, 101",
        "lad_phase_32k, 32, 32, 32768, 101",
        "lad_batch_16k, 64, 64, 16384, 101",
        "aadaptds_16k,  64, 64, 16384, 101",
        // ≈ comp/64 and ≈ comp/32: the snappy output is 746 262 bytes (ReferenceVectors.CF64_UNIT, CF32_UNIT).
        "aadaptcf_16k, 128, 64, 11661, 101",
        "aadaptcfd_16k,128, 64, 11661, 101",
        "acodedcf_32k,  64, 32, 23321, 101",
        "c_32k,         32, 32, 32768,  20",
        "crs_32k,       64, 32, 32768,  20",
        "bfixed_32k,    32, 32, 32768,   0",
        "bcodedfc1_32k, 64, 32, 32768,   0",
        "line,           1,  1,     0,  20",
    })
    void wireFormsAtOneMiBAreTheReportsTable(String name, int msgs, int need, int unit, int idBytes) {
        WireForm w = ArmCatalogue.get(name).wireForm(ONE_MIB);
        assertEquals(List.of(msgs, need, unit, idBytes), List.of(w.msgs(), w.need(), w.unit(), w.idBytes()), w.toString());
    }

    /** Totals where the codec tests pinned the reference's bytes (ReferenceVectors). */
    @ParameterizedTest(name = "{0}: total {1}")
    @CsvSource({
        "wholend, 745886", "atuned_32k, 756280", "atuned_16k, 767214", "lad_phase_32k, 758813",
        "acoded_32k, 1818647", "acodedcf_32k, 1514282", "aadaptcf_16k, 1540045", "c_32k, 756280",
    })
    void wireTotalsAtOneMiBMatchTheReferenceEncoder(String name, long total) {
        assertEquals(total, ArmCatalogue.get(name).wireForm(ONE_MIB).total());
    }

    @Test
    void atunedResolvesToTheReferenceRowWithFinal() {
        assertEquals(Map.of("SEGMENT_ARMS", "phase", "SEGMENT_A_PHASE_R", "2", "SEGMENT_SIZE_BYTES", "32768",
                "SEGMENT_IWANT_DISCIPLINE_MS", "200", "SEGMENT_OFFER_TABLE", "1", "SEGMENT_IHAVE_PARK", "1",
                "SEGMENT_IHAVE_PARK_K", "1", "SEGMENT_IHAVE_PARK_PROMISE_MS", "400", "SEGMENT_IHAVE_PARK_TTL_MS", "30000"),
                ArmCatalogue.get("atuned_32k").knobs(ONE_MIB));
        ArmKnobs k = ArmCatalogue.get("atuned_32k").armKnobs(ONE_MIB);
        assertEquals(ArmKnobs.Mode.PHASE, k.mode());
        assertEquals(2, k.phaseR());
        assertEquals(4096, k.maxIHaveMessages());
        assertEquals(Duration.ofMillis(200), k.discipline().window());
        assertTrue(k.discipline().offerTable());
        assertEquals(1, k.discipline().park().k());
        assertEquals(Duration.ofMillis(400), k.discipline().park().promise());
        assertEquals(Duration.ofSeconds(30), k.discipline().park().ttl());
        assertFalse(k.stopPull());
    }

    @Test
    void phaseShiftAndTierOneRunStockPulls() {
        assertNull(ArmCatalogue.get("lad_phase_32k").armKnobs(ONE_MIB).discipline());
        assertNull(ArmCatalogue.get("lad_batch_16k").armKnobs(ONE_MIB).discipline());
        assertNull(ArmCatalogue.get("wholend").armKnobs(ONE_MIB).discipline());
        assertEquals(ArmKnobs.Mode.SEGMENTED, ArmCatalogue.get("lad_batch_16k").armKnobs(ONE_MIB).mode());
    }

    @Test
    void symbolicKnobsShowTheTableRatherThanOnePayload() {
        Map<String, String> k = ArmCatalogue.get("aadaptcf_16k").knobs();
        assertEquals("AR", k.get("SEGMENT_A_PHASE_R"));
        assertEquals("P/16384", k.get("SEGMENT_PARITY"));
        assertEquals("200 if P >= 512 KiB", k.get("SEGMENT_IWANT_DISCIPLINE_MS"));
        assertEquals("K", ArmCatalogue.get("crs_32k").knobs().get("SEGMENT_PARITY"));
        assertEquals("c", ArmCatalogue.get("crs_32k").knobs().get("SHADOW_VARIANT"));
        assertEquals("line", ArmCatalogue.get("line").edges());
        assertEquals("", ArmCatalogue.get("wholend").edges());
    }

    @Test
    void unknownArmIsRefusedWithTheKnownNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ArmCatalogue.get("bfixed_64k"));
        assertTrue(e.getMessage().contains("wholend"), e.getMessage());
    }

    @Test
    void overridesMakeAnArmThatNeverPairsWithTheRow() {
        Arm arm = ArmCatalogue.get("atuned_32k+SEGMENT_IWANT_DISCIPLINE_MS=300");
        assertEquals("atuned_32k+SEGMENT_IWANT_DISCIPLINE_MS=300", arm.name());
        assertEquals(Duration.ofMillis(300), arm.armKnobs(ONE_MIB).discipline().window());
        // The park's promise is the row's explicit 400 ms, not 3/4 of the new window.
        assertEquals(Duration.ofMillis(400), arm.armKnobs(ONE_MIB).discipline().park().promise());
        assertEquals("300", arm.knobs().get("SEGMENT_IWANT_DISCIPLINE_MS"), "the listing shows the override");

        Arm parkOff = ArmCatalogue.get("atuned+SEGMENT_IHAVE_PARK=-");
        assertEquals("atuned+SEGMENT_IHAVE_PARK=-", parkOff.name(), "an alias works as the base");
        assertEquals(null, parkOff.armKnobs(ONE_MIB).discipline().park(), "the park and its settings are gone");
        assertTrue(parkOff.armKnobs(ONE_MIB).discipline().offerTable());
        assertFalse(parkOff.knobs().containsKey("SEGMENT_IHAVE_PARK_TTL_MS"));
        assertEquals(ArmCatalogue.get("atuned_32k").wireForm(ONE_MIB), parkOff.wireForm(ONE_MIB), "same wire form as the row");

        Arm disciplineOnly = ArmCatalogue.get("atuned_32k+SEGMENT_IHAVE_PARK=-+SEGMENT_OFFER_TABLE=-");
        assertEquals(Duration.ofMillis(200), disciplineOnly.armKnobs(ONE_MIB).discipline().window());
        assertFalse(disciplineOnly.armKnobs(ONE_MIB).discipline().offerTable());
    }

    @Test
    void aMalformedOrInvalidOverrideIsRefusedWithTheArmNamed() {
        for (String bad : List.of("atuned_32k+", "atuned_32k+SEGMENT_IHAVE_PARK", "atuned_32k+=1", "atuned_32k+SEGMENT_IHAVE_PARK=",
                "atuned_32k+SEGMENT_IHAVE_PARK=0", "atuned_32k+SEGMENT_NO_SUCH_KNOB=1",
                "atuned_32k+SEGMENT_IWANT_DISCIPLINE_MS=soon", "nosuch+SEGMENT_IHAVE_PARK=0")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ArmCatalogue.get(bad), bad);
            assertTrue(e.getMessage().contains("arm '"), bad + ": " + e.getMessage());
        }
    }

    @Test
    void customArmIsBuiltFromKnobsAlone() {
        ArmKnobs knobs = ArmKnobs.parse(Map.of("SEGMENT_ARMS", "phase", "SEGMENT_SIZE_BYTES", "65536",
                "SEGMENT_A_PHASE_R", "3"));
        Arm arm = ArmCatalogue.custom(knobs);
        assertEquals("custom", arm.name());
        WireForm w = arm.wireForm(ONE_MIB);
        assertEquals(16, w.msgs());
        assertEquals(65536, w.unit());
        assertEquals(3, arm.armKnobs(ONE_MIB).phaseR());
    }
}
