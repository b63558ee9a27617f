/**
 * {@code gsnode compare}: pairs the cells of two or more backends and prints the report's
 * statistics, following {@code docs/arms.md} §13 (pairing by arm, seed, n, payload, scenario,
 * transport and queue; identical wire forms only; per-side medians across seeds of each seed's
 * median over its runs; differences as a percentage of the reference, a multiplier from a
 * ratio of 2; per-seed difference medians with their range).
 *
 * <p><b>Deviations</b>: see {@link io.gsnode.tools.results}; host saturation is shown beside
 * every netns row and never filters a row out (docs/arms.md §13 rule 4 leaves that UNCONFIRMED).
 */
package io.gsnode.tools.results.compare;
