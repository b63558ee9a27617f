package io.gsnode.tools.results.plot;

import io.gsnode.formats.files.AtomicFiles;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/** Writes a chart as {@code BASE.png} and {@code BASE.svg}, both painted by {@link ChartPainter}. */
public final class FigureFiles {

    private FigureFiles() {}

    /** @return the two files written, PNG first */
    public static List<Path> write(Chart chart, Path base) throws IOException {
        Path png = sibling(base, ".png");
        Path svg = sibling(base, ".svg");
        BufferedImage image = ChartPainter.png(chart);
        AtomicFiles.write(png, out -> {
            if (!ImageIO.write(image, "png", out)) throw new IOException("no PNG writer in this JDK");
        });
        AtomicFiles.writeString(svg, ChartPainter.svg(chart));
        return List.of(png, svg);
    }

    private static Path sibling(Path base, String extension) {
        String name = base.getFileName().toString();
        if (name.endsWith(".png") || name.endsWith(".svg")) name = name.substring(0, name.length() - 4);
        return base.resolveSibling(name + extension);
    }
}
