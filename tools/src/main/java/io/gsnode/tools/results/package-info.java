/**
 * From records to results: finding cell directories, reading their node records
 * ({@code gsnode.node/1}) and summaries ({@code gsnode.cell/1}, docs/records.md), and the
 * censoring-aware statistics that extraction, comparison ({@code docs/arms.md} §13) and the
 * figures (the report's, docs/arms.md §0 and §7) share. The commands live in {@code extract},
 * {@code compare} and {@code plot}; docs/results.md describes them.
 *
 * <p><b>Deviations</b> from the reference's {@code compare.py} (not available, docs/arms.md §13):
 * <ul>
 *   <li>Arms pair by their catalogue name ({@code arm}), not through the published alias: every
 *       gsnode backend uses one catalogue.</li>
 *   <li>No record marks a stalled run (docs/arms.md §12.6), so nothing is excluded as stalled.</li>
 *   <li>An even number of seeds takes the mean of the two middle values as the median; the
 *       reference's choice is UNCONFIRMED.</li>
 * </ul>
 */
package io.gsnode.tools.results;
