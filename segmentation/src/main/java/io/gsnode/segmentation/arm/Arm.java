package io.gsnode.segmentation.arm;

import io.gsnode.formats.wire.WireForm;
import java.util.Map;

/**
 * One arm of the report (docs/arms.md §7): a name, the knobs that define it, and how to build it on a
 * node. Arms are data: {@link ArmCatalogue} composes each from named codecs and policies.
 */
public interface Arm {

    /** The catalogue name, e.g. {@code atuned_32k}. */
    String name();

    /** The published alias, e.g. {@code atuned}. */
    String alias();

    /** {@code a}, {@code b} or {@code c}. */
    String variant();

    /** One line for {@code gsnode arms}. */
    String description();

    /**
     * The reference's environment knobs this arm stands for (SEGMENT_*), with payload-dependent
     * values in symbolic form ({@code K} = P/32768, {@code P/16384}, {@code AR}), for the listing.
     */
    Map<String, String> knobs();

    /** The knobs at payload size {@code payloadBytes}, as the reference's arm table resolves them. */
    Map<String, String> knobs(int payloadBytes);

    /**
     * The parsed knobs at {@code payloadBytes}.
     *
     * @throws InvalidKnobException when the arm is not defined at that size (e.g. a parity of
     *     P/32768 = 0 below 32 KiB)
     */
    ArmKnobs armKnobs(int payloadBytes);

    /** The arm's wire form at {@code payloadBytes} (encodes the measured payload: not free). */
    WireForm wireForm(int payloadBytes);

    /**
     * The dial graph the arm's cell uses: {@code ""} for the cell's own (the random regular graph),
     * {@code "line"} for the known-answer arm (docs/arms.md §7, {@code EDGES=line}).
     */
    default String edges() {
        return "";
    }

    /** The arm on one node of one cell. */
    ArmNode instantiate(ArmContext context);
}
