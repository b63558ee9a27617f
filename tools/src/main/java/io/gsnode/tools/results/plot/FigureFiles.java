package io.gsnode.tools.results.plot;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Writes a chart as {@code BASE.png} and {@code BASE.svg}, both from the same marks. */
public final class FigureFiles {

    private FigureFiles() {}

    /** @return the two files written, PNG first */
    public static List<Path> write(Chart chart, Path base) throws IOException {
        Path png = sibling(base, ".png");
        Path svg = sibling(base, ".svg");
        PngRenderer.write(chart, png);
        SvgWriter.write(chart, svg);
        return List.of(png, svg);
    }

    private static Path sibling(Path base, String extension) {
        String name = base.getFileName().toString();
        if (name.endsWith(".png") || name.endsWith(".svg")) name = name.substring(0, name.length() - 4);
        return base.resolveSibling(name + extension);
    }
}
