package io.gsnode.tools.results.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import org.jfree.svg.SVGGraphics2D;

/**
 * Paints a {@link Chart} on a Graphics2D, headless: the one drawing path of every figure, used on a
 * PNG's image and on an SVG canvas alike, so the two files cannot drift apart.
 */
public final class ChartPainter {

    static {
        // Plots run on lab machines and CI without a display; set before the first AWT class loads.
        if (System.getProperty("java.awt.headless") == null) System.setProperty("java.awt.headless", "true");
    }

    /** The JDK falls back to its sans-serif where this face is not installed; SVG viewers do likewise. */
    private static final String FONT = "DejaVu Sans";

    private ChartPainter() {}

    /** The chart on a white background, in pixel coordinates from the top left. */
    public static void paint(Chart chart, Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, chart.width(), chart.height());
        for (Mark m : chart.marks()) draw(g, m);
    }

    /** The chart as an RGB image of its size. */
    public static BufferedImage png(Chart chart) {
        BufferedImage image = new BufferedImage(chart.width(), chart.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            paint(chart, g);
        } finally {
            g.dispose();
        }
        return image;
    }

    /** The chart as a standalone SVG document, titled with the chart's title. */
    public static String svg(Chart chart) {
        SVGGraphics2D g = new SVGGraphics2D(chart.width(), chart.height());
        paint(chart, g);
        String element = g.getSVGElement();
        int tagEnd = element.indexOf('>') + 1;
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element.substring(0, tagEnd)
                + "<title>" + escape(chart.title()) + "</title>" + element.substring(tagEnd) + "\n";
    }

    static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static void draw(Graphics2D g, Mark mark) {
        mark.accept(new Mark.Visitor<Void>() {
            @Override
            public Void line(Mark.Line l) {
                g.setColor(colour(l.colour()));
                g.setStroke(stroke(l.width(), l.dashed()));
                g.draw(new Line2D.Double(l.x1(), l.y1(), l.x2(), l.y2()));
                return null;
            }

            @Override
            public Void rect(Mark.Rect r) {
                Rectangle2D shape = new Rectangle2D.Double(r.x(), r.y(), r.width(), r.height());
                if (r.fill() != null) {
                    g.setColor(colour(r.fill()));
                    g.fill(shape);
                }
                if (r.stroke() != null) {
                    g.setColor(colour(r.stroke()));
                    g.setStroke(stroke(1, false));
                    g.draw(shape);
                }
                return null;
            }

            @Override
            public Void polyline(Mark.Polyline p) {
                if (p.points().size() < 2) return null;
                Path2D.Double path = new Path2D.Double();
                path.moveTo(p.points().get(0)[0], p.points().get(0)[1]);
                for (double[] pt : p.points().subList(1, p.points().size())) path.lineTo(pt[0], pt[1]);
                g.setColor(colour(p.colour()));
                g.setStroke(stroke(p.width(), false));
                g.draw(path);
                return null;
            }

            @Override
            public Void text(Mark.Text t) {
                ChartPainter.text(g, t);
                return null;
            }

            @Override
            public Void marker(Mark.Marker m) {
                ChartPainter.marker(g, m);
                return null;
            }
        });
    }

    private static void text(Graphics2D g, Mark.Text t) {
        Font font = new Font(FONT, t.bold() ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) t.size());
        g.setFont(font);
        g.setColor(colour(t.colour()));
        double width = g.getFontMetrics().getStringBounds(t.text(), g).getWidth();
        double dx = switch (t.anchor()) {
            case START -> 0;
            case MIDDLE -> -width / 2;
            case END -> -width;
        };
        AffineTransform saved = g.getTransform();
        g.translate(t.x(), t.y());
        if (t.rotation() != 0) g.rotate(Math.toRadians(t.rotation()));
        g.drawString(t.text(), (float) dx, 0f);
        g.setTransform(saved);
    }

    private static void marker(Graphics2D g, Mark.Marker m) {
        double h = m.size() / 2;
        Shape shape = switch (m.shape()) {
            case CIRCLE -> new Ellipse2D.Double(m.x() - h, m.y() - h, m.size(), m.size());
            case TRIANGLE_UP -> {
                Path2D.Double p = new Path2D.Double();
                p.moveTo(m.x(), m.y() - h);
                p.lineTo(m.x() + h, m.y() + h);
                p.lineTo(m.x() - h, m.y() + h);
                p.closePath();
                yield p;
            }
        };
        g.setColor(colour(m.filled() ? m.colour() : Rgb.WHITE));
        g.fill(shape);
        g.setColor(colour(m.colour()));
        g.setStroke(stroke(1.5, false));
        g.draw(shape);
    }

    private static BasicStroke stroke(double width, boolean dashed) {
        return dashed ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {5f, 4f}, 0f)
                : new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND);
    }

    private static Color colour(Rgb c) {
        return new Color(c.r(), c.g(), c.b());
    }
}
