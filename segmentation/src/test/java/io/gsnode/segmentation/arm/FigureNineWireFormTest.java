package io.gsnode.segmentation.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gsnode.formats.wire.WireForm;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.codec.SnappyBlock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Figure 9's arms over its ten payload sizes (docs/arms.md §2 {@code p128k} … {@code p2m}, §7):
 * whole, tier 1, A-tuned 16k, tier 2, compress-first alone and tier 3 (with the discipline below
 * 512 KiB). The expected forms follow the arm table: K = P/32768, P/16384 pieces, compress-first
 * units of ceil(snappy(P) / pieces).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FigureNineWireFormTest {

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {131072, 262144, 393216, 524288, 655360, 786432, 917504, 1048576, 1572864, 2097152})
    void wireFormsFollowTheArmTableAtEveryPayloadSize(int p) {
        int k32 = p / 32768;
        int k16 = p / 16384;
        int compressed = SnappyBlock.compress(PayloadGenerator.mainnetLike(p, PayloadGenerator.MEASURED_SEED)).length;

        assertForm(1, 1, 0, 20, "wholend", p);
        assertForm(k16, k16, 16384, 101, "lad_batch_16k", p);
        assertForm(k16, k16, 16384, 20, "atuned_16k", p);
        assertForm(k16, k16, 16384, 101, "aadaptds_16k", p);
        assertForm(2 * k32, k32, ceil(compressed, k32), 101, "acodedcf_32k", p);
        String tier3 = p < 512 * 1024 ? "aadaptcfd_16k" : "aadaptcf_16k";
        assertForm(2 * k16, k16, ceil(compressed, k16), 101, tier3, p);
    }

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {131072, 262144, 393216, 524288, 655360, 786432, 917504, 1048576, 1572864, 2097152})
    void sizeAdaptiveWidthAndTierThreesDisciplineFollowThePayload(int p) {
        int ar = p <= 262144 ? 4 : p <= 1048576 ? 3 : 2;
        assertEquals(ar, ArmCatalogue.get("aadaptds_16k").armKnobs(p).phaseR());
        assertEquals(ar, ArmCatalogue.get("aadaptcf_16k").armKnobs(p).phaseR());
        assertEquals(2, ArmCatalogue.get("atuned_16k").armKnobs(p).phaseR());
        ArmKnobs tier3 = ArmCatalogue.get("aadaptcf_16k").armKnobs(p);
        if (p >= 512 * 1024) {
            assertNotNull(tier3.discipline(), "tier 3 runs FINAL from 512 KiB");
        } else {
            assertNull(tier3.discipline(), "tier 3 runs stock pulls below 512 KiB");
        }
        assertNotNull(ArmCatalogue.get("aadaptcfd_16k").armKnobs(p).discipline());
    }

    private static void assertForm(int msgs, int need, int unit, int idBytes, String arm, int p) {
        WireForm w = ArmCatalogue.get(arm).wireForm(p);
        assertEquals(List.of(msgs, need, unit, idBytes), List.of(w.msgs(), w.need(), w.unit(), w.idBytes()),
                arm + " at " + p + ": " + w);
    }

    private static int ceil(int a, int b) {
        return (a + b - 1) / b;
    }
}
