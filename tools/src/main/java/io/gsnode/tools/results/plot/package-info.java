/**
 * {@code gsnode plot}: the report's figures (docs/arms.md §7: Figure 1, the sweeps of Figures 8 and 9,
 * receiver completion CDFs) from cell records. Each figure is built once as a {@link
 * io.gsnode.tools.results.plot.Chart}, a list of marks in pixel coordinates, which
 * {@link io.gsnode.tools.results.plot.ChartPainter} paints on a Graphics2D: an image's for the PNG,
 * JFreeSVG's for the SVG, so the two files show the same thing.
 *
 * <p><b>Deviations</b>: Figure 1's whiskers are ±1 s.d. of the per-seed p99 around the bar, the
 * bar being the median across seeds (the report's caption does not say what the whisker is
 * centred on); a censored value is drawn as a marker at the top of its panel, never as a number.
 */
package io.gsnode.tools.results.plot;
