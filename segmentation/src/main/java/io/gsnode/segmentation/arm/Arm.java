package io.gsnode.segmentation.arm;

import java.util.Map;

/**
 * One arm of the report (arms.md §7): a name, the knobs that define it, and how to build it on a
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

    /** The reference's environment knobs this arm stands for (SEGMENT_*), for the record and the listing. */
    Map<String, String> knobs();

    /** The arm on one node of one cell. */
    ArmNode instantiate(ArmContext context);
}
