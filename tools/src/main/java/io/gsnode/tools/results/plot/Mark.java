package io.gsnode.tools.results.plot;

import java.util.List;

/**
 * One drawing instruction of a {@link Chart}, in pixels from the top-left corner. Renderers
 * dispatch through {@link Visitor}, so a new kind of mark fails to compile until both draw it.
 */
public sealed interface Mark {

    <T> T accept(Visitor<T> visitor);

    /** One method per kind of mark. */
    interface Visitor<T> {
        T line(Line line);

        T rect(Rect rect);

        T polyline(Polyline polyline);

        T text(Text text);

        T marker(Marker marker);
    }

    /** Where a text's x coordinate lies on it. */
    enum Anchor { START, MIDDLE, END }

    /** Marker shapes; a triangle pointing up marks a censored value beyond the panel's top. */
    enum Shape { CIRCLE, TRIANGLE_UP }

    record Line(double x1, double y1, double x2, double y2, Rgb colour, double width, boolean dashed) implements Mark {
        public <T> T accept(Visitor<T> v) {
            return v.line(this);
        }
    }

    /** A rectangle; {@code fill} or {@code stroke} may be null (not drawn). */
    record Rect(double x, double y, double width, double height, Rgb fill, Rgb stroke) implements Mark {
        public <T> T accept(Visitor<T> v) {
            return v.rect(this);
        }
    }

    record Polyline(List<double[]> points, Rgb colour, double width) implements Mark {
        public Polyline {
            points = List.copyOf(points);
        }

        public <T> T accept(Visitor<T> v) {
            return v.polyline(this);
        }
    }

    /** Text whose baseline starts, centres or ends at (x, y), turned {@code rotation} degrees (−90: reads upwards). */
    record Text(double x, double y, String text, double size, Anchor anchor, boolean bold, Rgb colour, double rotation)
            implements Mark {
        public <T> T accept(Visitor<T> v) {
            return v.text(this);
        }
    }

    record Marker(double x, double y, Shape shape, double size, Rgb colour, boolean filled) implements Mark {
        public <T> T accept(Visitor<T> v) {
            return v.marker(this);
        }
    }
}
