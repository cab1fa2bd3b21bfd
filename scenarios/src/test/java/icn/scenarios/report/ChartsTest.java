package icn.scenarios.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.w3c.dom.Document;

class ChartsTest {

    @TempDir
    Path dir;

    private static final double[] X = {0, 1, 2, 3, 4, 5};
    private static final double[] NEAR_ONE = {0.92, 0.95, 0.97, 0.99, 1.0, 1.0};

    /** CIELAB (D65) of an sRGB colour, to measure how far apart two colours look (CIE76 ΔE). */
    static double[] lab(Color c) {
        double[] rgb = {c.getRed() / 255.0, c.getGreen() / 255.0, c.getBlue() / 255.0};
        for (int i = 0; i < 3; i++) {
            rgb[i] = rgb[i] <= 0.04045 ? rgb[i] / 12.92 : Math.pow((rgb[i] + 0.055) / 1.055, 2.4);
        }
        double x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047;
        double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
        double z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
        double fx = f(x);
        double fy = f(y);
        double fz = f(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    static double deltaE(Color a, Color b) {
        double[] p = lab(a);
        double[] q = lab(b);
        return Math.sqrt(Math.pow(p[0] - q[0], 2) + Math.pow(p[1] - q[1], 2) + Math.pow(p[2] - q[2], 2));
    }

    @Test
    void labMeasuresKnownDistances() {
        assertEquals(100, lab(Color.WHITE)[0], 0.01);
        assertEquals(0, lab(Color.BLACK)[0], 0.01);
        assertTrue(deltaE(new Color(0xFFA500), new Color(0xFFC000)) < 20, "orange and a yellowish orange look alike");
    }

    @Test
    void paletteColoursArePairwiseDistinguishableAndNoneIsLightGrey() {
        assertEquals(8, Charts.PALETTE.size());
        for (int i = 0; i < Charts.PALETTE.size(); i++) {
            Color c = Charts.PALETTE.get(i);
            double[] l = lab(c);
            double chroma = Math.hypot(l[1], l[2]);
            assertFalse(chroma < 15 && l[0] > 50, "slot " + i + " is a light grey: " + c);
            assertTrue(deltaE(c, Color.WHITE) > 15, "slot " + i + " shows on white");
            for (int j = i + 1; j < Charts.PALETTE.size(); j++) {
                double d = deltaE(c, Charts.PALETTE.get(j));
                assertTrue(d >= 25, "slots " + i + " and " + j + " are too alike: ΔE " + d);
            }
        }
        assertEquals(new Color(0xF0E442), Charts.PALETTE.get(Charts.PALETTE.size() - 1), "the yellow, faint as a line, comes last");
        assertEquals(Color.BLACK, Charts.colour(Charts.BLACK_SLOT));
    }

    @Test
    void everySlotOfThePaletteHasItsOwnMarker() {
        Set<Object> markers = new HashSet<>();
        for (int slot = 0; slot < Charts.PALETTE.size(); slot++) {
            assertTrue(markers.add(Charts.marker(slot)), "slot " + slot);
        }
        assertNotEquals(Charts.line(0), Charts.line(1), "the first two series stay apart where they coincide");
    }

    @Test
    void theValueAxisStartsAtZeroUnlessTheCallerSaysOtherwiseOnTheAxis() throws IOException {
        XYChart chart = Charts.xy("t", "step", "informed fraction");
        Charts.measured(chart, 0, "a", X, NEAR_ONE);
        assertEquals(0.0, chart.getStyler().getYAxisMin());
        BitmapEncoder.getBufferedImage(chart); // the axis is computed while painting: it keeps 0
        assertEquals(0.0, chart.getStyler().getYAxisMin());

        XYChart zoomed = Charts.xy("t", "step", "informed fraction");
        Charts.yRange(zoomed, 0.9, 1.0);
        assertEquals(0.9, zoomed.getStyler().getYAxisMin());
        assertTrue(zoomed.getYAxisTitle().contains("axis from 0.9"), zoomed.getYAxisTitle());
        XYChart fromZero = Charts.xy("t", "step", "informed fraction");
        Charts.yRange(fromZero, 0, 1);
        assertEquals("informed fraction", fromZero.getYAxisTitle());
    }

    @Test
    void integerAxesAreLabelledAtWholeNumbersOnly() {
        XYChart chart = Charts.xy("t", "step", "y");
        Charts.integerXAxis(chart);
        assertEquals("27", chart.getStyler().getxAxisTickLabelsFormattingFunction().apply(27.0));
        assertEquals("", chart.getStyler().getxAxisTickLabelsFormattingFunction().apply(27.5));
        assertTrue(chart.getStyler().getXAxisTickMarkSpacingHint() >= 60, "labels such as 27 28 29 30 do not touch");
    }

    @Test
    void aSpreadIsDrawnAsErrorBars() {
        double[] sd = {0.01, 0.02, Double.NaN, 0.01, 0, 0};
        XYChart withBars = Charts.xy("t", "faults", "coverage");
        XYSeries s = Charts.measured(withBars, 1, "mean ± 1 sd", X, NEAR_ONE, sd);
        assertArrayEquals(new double[] {0.01, 0.02, 0, 0.01, 0, 0}, s.getExtraValues(), 1e-12);
        XYChart without = Charts.xy("t", "faults", "coverage");
        assertNull(Charts.measured(without, 1, "mean", X, NEAR_ONE).getExtraValues());
        // the bars are painted: more pixels of the series' colour than the same curve without them
        Color c = Charts.colour(1);
        assertTrue(pixels(withBars, c) > pixels(without, c) + 20, pixels(withBars, c) + " vs " + pixels(without, c));
    }

    private static int pixels(XYChart chart, Color c) {
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += (image.getRGB(x, y) & 0xFFFFFF) == (c.getRGB() & 0xFFFFFF) ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void aReferenceIsDashedWithHollowMarkersInItsMeasuredSeriesColour() {
        XYChart chart = Charts.xy("t", "n", "cost");
        XYSeries measured = Charts.measured(chart, 2, "minimal", X, NEAR_ONE);
        XYSeries paper = Charts.reference(chart, 2, "paper 000 Table 1", X, new double[] {1, 1, 1, 1, 1, 1});
        XYSeries bfs = Charts.horizontalReference(chart, Charts.BLACK_SLOT, "BFS", 0.5, 0, 5);
        assertTrue(chart.getSeriesMap().containsKey("paper 000 Table 1"));
        assertTrue(chart.getSeriesMap().containsKey("BFS"));
        assertEquals(measured.getLineColor(), paper.getLineColor());
        assertNotNull(paper.getLineStyle().getDashArray());
        assertNotEquals(measured.getLineStyle(), paper.getLineStyle(), "a reference is not drawn as its measured series");
        assertNotNull(bfs.getLineStyle().getDashArray());
        assertEquals(Color.BLACK, bfs.getLineColor());
        assertNotEquals(SeriesMarkers.CIRCLE.getClass(), paper.getMarker().getClass());
        // a hollow marker is white inside: painted alone on a chart, the reference's colour and white both appear
        XYChart alone = Charts.xy("t", "n", "cost");
        Charts.reference(alone, 2, "paper", new double[] {2}, new double[] {0.5});
        assertTrue(pixels(alone, Charts.colour(2)) > 10);
    }

    @Test
    void saveWritesAPngAndAnSvgBesideIt() throws Exception {
        XYChart chart = Charts.xy(Charts.title("Broadcast coverage", "scc:4", "one-port", "7"), "step", "informed fraction");
        Charts.measured(chart, 0, "scc:4 one-port", X, NEAR_ONE);
        Charts.Saved saved = Charts.save(chart, dir, "coverage");
        assertEquals(dir.resolve("coverage.png"), saved.png());
        assertEquals(dir.resolve("coverage.svg"), saved.svg());
        BufferedImage png = ImageIO.read(saved.png().toFile());
        assertNotNull(png);
        assertEquals(Charts.WIDTH, png.getWidth());
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false); // no network for the DOCTYPE
        Document svg = factory.newDocumentBuilder().parse(saved.svg().toFile());
        assertEquals("svg", svg.getDocumentElement().getLocalName());
        Color blue = Charts.colour(0); // XChart draws text as outlines: the series' colour shows the curve is in the SVG
        String rgb = "rgb(" + blue.getRed() + "," + blue.getGreen() + "," + blue.getBlue() + ")";
        assertTrue(Files.readString(saved.svg()).contains(rgb), "the curve is drawn in the SVG in " + rgb);

        Charts.Saved beside = Charts.save(chart, dir.resolve("latency.png"));
        assertTrue(Files.size(beside.svg()) > 1000);
        assertEquals("latency.svg", beside.svg().getFileName().toString());
        assertEquals("latency.svg", Charts.svgBeside("latency.png"));
        assertThrows(IllegalArgumentException.class, () -> Charts.save(chart, dir.resolve("latency.jpg")));
    }

    @Test
    void aLongTitleIsSetSmallerUntilItFits() {
        String title = "Routing stretch over the surviving graph under random node faults: scc:5, dfs, greedy, near-minimal, minimal,"
                + " optimal-001 (distributed), seed 5 (4 seeds a point)";
        XYChart chart = Charts.xy(title, "x", "y");
        java.awt.Font font = chart.getStyler().getChartTitleFont();
        java.awt.Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        assertTrue(g.getFontMetrics(font).stringWidth(title) <= Charts.WIDTH - 80, font.toString());
        assertTrue(font.getSize2D() < Charts.xy("short", "x", "y").getStyler().getChartTitleFont().getSize2D());
        g.dispose();
    }
}
