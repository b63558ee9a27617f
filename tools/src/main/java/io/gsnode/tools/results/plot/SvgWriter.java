package io.gsnode.tools.results.plot;

import io.gsnode.tools.results.OutputFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** Writes a {@link Chart} as standalone SVG 1.1, mark for mark what {@link PngRenderer} draws. */
public final class SvgWriter {

    private SvgWriter() {}

    public static String render(Chart chart) {
        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(chart.width())
                .append("\" height=\"").append(chart.height()).append("\" viewBox=\"0 0 ").append(chart.width()).append(' ')
                .append(chart.height()).append("\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n");
        svg.append("<title>").append(escape(chart.title())).append("</title>\n");
        svg.append("<rect x=\"0\" y=\"0\" width=\"").append(chart.width()).append("\" height=\"").append(chart.height())
                .append("\" fill=\"#ffffff\"/>\n");
        for (Mark m : chart.marks()) svg.append(element(m)).append('\n');
        return svg.append("</svg>\n").toString();
    }

    public static void write(Chart chart, Path file) throws IOException {
        OutputFiles.writeString(file, render(chart));
    }

    private static String element(Mark mark) {
        return mark.accept(new Mark.Visitor<String>() {
            @Override
            public String line(Mark.Line l) {
                return "<line x1=\"" + n(l.x1()) + "\" y1=\"" + n(l.y1()) + "\" x2=\"" + n(l.x2()) + "\" y2=\"" + n(l.y2())
                        + "\" stroke=\"" + l.colour().hex() + "\" stroke-width=\"" + n(l.width()) + "\""
                        + (l.dashed() ? " stroke-dasharray=\"5 4\"" : "") + "/>";
            }

            @Override
            public String rect(Mark.Rect r) {
                return "<rect x=\"" + n(r.x()) + "\" y=\"" + n(r.y()) + "\" width=\"" + n(r.width()) + "\" height=\""
                        + n(r.height()) + "\" fill=\"" + (r.fill() == null ? "none" : r.fill().hex()) + "\""
                        + (r.stroke() == null ? "" : " stroke=\"" + r.stroke().hex() + "\" stroke-width=\"1\"") + "/>";
            }

            @Override
            public String polyline(Mark.Polyline p) {
                StringBuilder points = new StringBuilder();
                for (double[] pt : p.points()) points.append(points.isEmpty() ? "" : " ").append(n(pt[0])).append(',').append(n(pt[1]));
                return "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + p.colour().hex() + "\" stroke-width=\""
                        + n(p.width()) + "\" stroke-linejoin=\"round\"/>";
            }

            @Override
            public String text(Mark.Text t) {
                String anchor = switch (t.anchor()) {
                    case START -> "start";
                    case MIDDLE -> "middle";
                    case END -> "end";
                };
                return "<text x=\"" + n(t.x()) + "\" y=\"" + n(t.y()) + "\" font-size=\"" + n(t.size()) + "\""
                        + (t.bold() ? " font-weight=\"bold\"" : "") + " fill=\"" + t.colour().hex() + "\" text-anchor=\"" + anchor + "\""
                        + (t.rotation() != 0 ? " transform=\"rotate(" + n(t.rotation()) + " " + n(t.x()) + " " + n(t.y()) + ")\"" : "")
                        + ">" + escape(t.text()) + "</text>";
            }

            @Override
            public String marker(Mark.Marker m) {
                return SvgWriter.marker(m);
            }
        });
    }

    private static String marker(Mark.Marker m) {
        String paint = " fill=\"" + (m.filled() ? m.colour().hex() : "#ffffff") + "\" stroke=\"" + m.colour().hex() + "\" stroke-width=\"1.5\"/>";
        double h = m.size() / 2;
        return switch (m.shape()) {
            case CIRCLE -> "<circle cx=\"" + n(m.x()) + "\" cy=\"" + n(m.y()) + "\" r=\"" + n(h) + "\"" + paint;
            case TRIANGLE_UP -> "<polygon points=\"" + n(m.x()) + "," + n(m.y() - h) + " " + n(m.x() + h) + "," + n(m.y() + h) + " "
                    + n(m.x() - h) + "," + n(m.y() + h) + "\"" + paint;
        };
    }

    private static String n(double v) {
        String s = String.format(Locale.ROOT, "%.2f", v);
        return s.endsWith(".00") ? s.substring(0, s.length() - 3) : s;
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
}
