package io.gsnode.tools.results.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.tools.results.Cell;
import io.gsnode.tools.results.CellFixture;
import io.gsnode.tools.results.CellRecords;
import io.gsnode.tools.results.InputProblem;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.w3c.dom.Document;

/** Every figure renders from fixture records to a PNG of the asked size with content, and to SVG naming every arm. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ChartsTest {

    private static List<Cell> cells(List<CellFixture> fixtures) {
        return fixtures.stream().map(f -> f.asCell(f.backend)).toList();
    }

    @Test
    void figure1RendersToPngAndSvg() throws Exception {
        Chart chart = Figure1Chart.build(cells(PlotFixtures.cells(List.of(9), List.of(1 << 20))), List.of(), 1200, 700);
        assertRenders(chart, 1200, 700);
        assertTrue(svgText(chart).contains("shadow") && svgText(chart).contains("netns"));
    }

    @Test
    void figure1DrawsACensoredBarWithoutANumber() throws Exception {
        Chart chart = Figure1Chart.build(cells(PlotFixtures.cells(List.of(9), List.of(1 << 21))), List.of(), 900, 500);
        assertRenders(chart, 900, 500);
        assertTrue(chart.marks().stream().anyMatch(m -> m instanceof Mark.Marker k && k.shape() == Mark.Shape.TRIANGLE_UP && !k.filled()));
    }

    @Test
    void sweepAgainstNetworkSizeRenders() throws Exception {
        Chart chart = SweepChart.build(cells(PlotFixtures.cells(List.of(4, 8, 16), List.of(1 << 20))), SweepChart.Axis.N, List.of(),
                1200, 1000);
        assertRenders(chart, 1200, 1000);
    }

    @Test
    void sweepAgainstPayloadRendersWithCensoredPoints() throws Exception {
        Chart chart = SweepChart.build(cells(PlotFixtures.cells(List.of(8), List.of(128 << 10, 512 << 10, 1 << 20, 2 << 20))),
                SweepChart.Axis.PAYLOAD, List.of(), 1000, 800);
        assertRenders(chart, 1000, 800);
        assertTrue(chart.marks().stream().anyMatch(m -> m instanceof Mark.Marker k && k.shape() == Mark.Shape.TRIANGLE_UP));
    }

    @Test
    void cdfRendersWithNeverCompletedReceiversInTheLegend() throws Exception {
        List<CdfSeries> series = new ArrayList<>();
        List<CellFixture> fixtures = PlotFixtures.cells(List.of(20), List.of(2 << 20));
        for (String arm : PlotFixtures.ARMS) {
            List<CellRecords> records = fixtures.stream().filter(f -> f.arm.equals(arm) && f.backend.equals("shadow"))
                    .map(f -> new CellRecords(Path.of(f.label()), f.records(), 0)).toList();
            series.add(CdfSeries.of(arm, records));
        }
        assertEquals(3 * 20, series.get(0).receivers());
        assertEquals(3 * 9, series.get(0).censored(), "whole message at 2 MiB: receivers 12..20 of each cell never complete");
        Chart chart = CdfChart.build(series, "n = 21, 2 MiB, home", 3000, 1200, 700);
        assertRenders(chart, 1200, 700);
        assertTrue(svgText(chart).contains("27 never completed"), svgText(chart));
    }

    @Test
    void figure1RefusesCellsOfSeveralSizes() {
        InputProblem e = assertThrows(InputProblem.class, () -> Figure1Chart.build(
                cells(PlotFixtures.cells(List.of(4, 8), List.of(1 << 20))), List.of(), 1200, 700));
        assertTrue(e.getMessage().contains("--n"), e.getMessage());
    }

    @Test
    void aFigureTooSmallForItsPanelsIsRefused() {
        assertThrows(InputProblem.class, () -> SweepChart.build(cells(PlotFixtures.cells(List.of(4, 8), List.of(1 << 20))),
                SweepChart.Axis.N, List.of(), 300, 200));
    }

    /** The PNG has the asked size and real content; the SVG parses and names every arm. */
    static void assertRenders(Chart chart, int width, int height) throws Exception {
        BufferedImage png = ChartPainter.png(chart);
        assertEquals(width, png.getWidth());
        assertEquals(height, png.getHeight());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < height; y += 2) for (int x = 0; x < width; x += 2) colours.add(png.getRGB(x, y));
        assertTrue(colours.size() > 20, "the image is nearly uniform: " + colours.size() + " colours");
        String text = svgText(chart);
        for (String arm : PlotFixtures.ARMS) assertTrue(text.contains(arm), "SVG lacks arm " + arm);
    }

    static String svgText(Chart chart) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setNamespaceAware(true);
        Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(ChartPainter.svg(chart).getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getLocalName());
        assertEquals("http://www.w3.org/2000/svg", doc.getDocumentElement().getNamespaceURI());
        assertEquals(chart.width(), Double.parseDouble(doc.getDocumentElement().getAttribute("width")));
        assertEquals(chart.height(), Double.parseDouble(doc.getDocumentElement().getAttribute("height")));
        return doc.getDocumentElement().getTextContent();
    }
}
