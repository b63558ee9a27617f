package io.gsnode.tools.results.plot;

import java.util.ArrayList;
import java.util.List;

/**
 * A figure as an ordered list of marks on a {@code width} × {@code height} pixel canvas with a
 * white background: the one model both the PNG and the SVG are drawn from.
 */
public final class Chart {

    /** Font size of ordinary labels, in pixels. */
    public static final double LABEL = 13;

    private final int width;
    private final int height;
    private final String title;
    private final List<Mark> marks = new ArrayList<>();

    public Chart(int width, int height, String title) {
        if (width < 200 || height < 150) throw new IllegalArgumentException("a chart needs at least 200 x 150 pixels, was " + width + " x " + height);
        this.width = width;
        this.height = height;
        this.title = title;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public String title() {
        return title;
    }

    public List<Mark> marks() {
        return List.copyOf(marks);
    }

    public Chart add(Mark mark) {
        marks.add(mark);
        return this;
    }

    public Chart line(double x1, double y1, double x2, double y2, Rgb colour, double lineWidth) {
        return add(new Mark.Line(x1, y1, x2, y2, colour, lineWidth, false));
    }

    public Chart dashed(double x1, double y1, double x2, double y2, Rgb colour, double lineWidth) {
        return add(new Mark.Line(x1, y1, x2, y2, colour, lineWidth, true));
    }

    public Chart rect(double x, double y, double w, double h, Rgb fill, Rgb stroke) {
        return add(new Mark.Rect(x, y, w, h, fill, stroke));
    }

    public Chart text(double x, double y, String text, double size, Mark.Anchor anchor) {
        return add(new Mark.Text(x, y, text, size, anchor, false, Rgb.BLACK, 0));
    }

    public Chart bold(double x, double y, String text, double size, Mark.Anchor anchor) {
        return add(new Mark.Text(x, y, text, size, anchor, true, Rgb.BLACK, 0));
    }

    public Chart muted(double x, double y, String text, double size, Mark.Anchor anchor) {
        return add(new Mark.Text(x, y, text, size, anchor, false, Rgb.MUTED, 0));
    }

    public Chart upright(double x, double y, String text, double size) {
        return add(new Mark.Text(x, y, text, size, Mark.Anchor.MIDDLE, false, Rgb.BLACK, -90));
    }

    /**
     * A width estimate for layout, the same for both renderers: DejaVu Sans averages about 0.55
     * of the font size per character; 0.6 leaves room.
     */
    public static double textWidth(String text, double size) {
        return text.length() * size * 0.6;
    }
}
