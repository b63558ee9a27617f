/**
 * {@code gsnode extract}: node records ({@code gsnode.node/1}) to a cell summary
 * ({@code gsnode.cell/1}) for cells whose runner wrote none, with
 * {@link io.gsnode.formats.record.CellStatistics} (docs/arms.md §12.3); a node without a record is
 * counted as a lost receiver, censored.
 */
package io.gsnode.tools.results.extract;
