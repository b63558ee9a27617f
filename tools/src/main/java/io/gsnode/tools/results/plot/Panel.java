package io.gsnode.tools.results.plot;

import io.gsnode.tools.results.InputProblem;
import java.util.function.DoubleFunction;

/** A plotting area in a chart: maps data to pixels and draws its frame, grid, ticks and axis titles. */
final class Panel {

    final double left;
    final double top;
    final double width;
    final double height;
    final NiceTicks x;
    final NiceTicks y;

    Panel(double left, double top, double width, double height, NiceTicks x, NiceTicks y) {
        this.left = left;
        this.top = top;
        this.width = width;
        this.height = height;
        this.x = x;
        this.y = y;
    }

    /** Refuses a layout whose plotting area would be too small to read. */
    static void requireRoom(double width, double height, String what) throws InputProblem {
        if (width < 80 || height < 60) {
            throw new InputProblem("the figure is too small for " + what + " (a panel would be " + Math.round(width) + " x "
                    + Math.round(height) + " pixels); raise --width or --height");
        }
    }

    double px(double v) {
        return left + (v - x.min()) / (x.max() - x.min()) * width;
    }

    double py(double v) {
        return top + height - (v - y.min()) / (y.max() - y.min()) * height;
    }

    double bottom() {
        return top + height;
    }

    /** Horizontal grid lines and y tick labels (when {@code yLabels}), the frame, and x ticks unless {@code x} is null. */
    void axes(Chart chart, boolean xTicks, boolean xLabels, boolean yLabels, DoubleFunction<String> xFormat,
              DoubleFunction<String> yFormat) {
        for (double v : y.values()) {
            chart.line(left, py(v), left + width, py(v), Rgb.GRID, 1);
            if (yLabels) chart.text(left - 6, py(v) + 4, yFormat.apply(v), 11, Mark.Anchor.END);
        }
        if (xTicks) {
            for (double v : x.values()) {
                chart.line(px(v), bottom(), px(v), bottom() + 4, Rgb.BLACK, 1);
                if (xLabels) chart.text(px(v), bottom() + 17, xFormat.apply(v), 11, Mark.Anchor.MIDDLE);
            }
        }
        chart.rect(left, top, width, height, null, Rgb.BLACK);
    }
}
