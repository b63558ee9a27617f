/**
 * The report's arms ({@code docs/arms.md} §7): {@link io.gsnode.segmentation.arm.ArmCatalogue}
 * names each as a row of {@code SEGMENT_*} knobs, {@link io.gsnode.segmentation.arm.ArmKnobs} parses
 * knobs into an arm (message form, forwarding and request policies, router overrides) and
 * {@link io.gsnode.segmentation.arm.CellKnobs} the cell around it; an
 * {@link io.gsnode.segmentation.arm.ArmNode} is one arm on one node.
 *
 * <p><b>Deviations</b> from the reference harness ({@code cskiraly/prysm}, {@code q6_mesh_test.go},
 * {@code variantc_test.go}, {@code testing/shadowstudy/arms.sh}):
 * <ul>
 *   <li>A switch knob reads {@code 0} as off; the reference treats any non-empty value as on.</li>
 *   <li>A knob that has no effect in its combination (a park knob without the park, the offer table
 *       or the park without the discipline, a unit on the whole-message arm, a variant A knob on a
 *       variant C cell) is refused; the reference ignores it. So are unknown and unsupported
 *       {@code SEGMENT_*} names.</li>
 *   <li>One arm per node: {@code SEGMENT_ARMS} takes one entry, not the harness's comma list.</li>
 *   <li>Variant B runs the partial-message broadcaster ({@code io.gsnode.segmentation.partial}) through {@link io.gsnode.segmentation.arm.PartialArmNode}.</li>
 *   <li>Completion counts distinct messages on the arm's topics, not only messages the arm
 *       published (nothing else is published on them in a cell).</li>
 * </ul>
 */
package io.gsnode.segmentation.arm;
