package icn.scenarios.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.DoubleStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The one place every chart of the reports gets its style from, so that all of them read alike: a colour-blind-safe palette
 * (Okabe–Ito) with a distinct marker and line per series, tick labels that do not run together, a value axis from 0 unless the data
 * lie in a narrow band far from it (then fitted to them and said on the axis, see {@link #fitY}), error bars on means, the papers'
 * values and BFS drawn as dashed lines with hollow markers beside what was measured, points above the axis drawn at its top with an
 * arrow, and every chart saved as a PNG and an SVG side by side.
 *
 * <p>A series has a <em>slot</em>: its colour, marker and line. A reference series takes the slot of the measured series it stands
 * beside (same colour, hollow marker, dashed); one that stands beside all of them takes {@link #BLACK_SLOT}. So that no two series
 * of a chart look alike (colour, dash and marker), slots past the palette's end take its colours and markers again with another
 * line, and a second or third reference beside one series takes {@link #referenceLine(int)}'s dots or dash-dots.
 */
public final class Charts {

    static {
        // before XChart touches AWT: reports are written on servers without a display
        System.setProperty("java.awt.headless", "true");
    }

    public static final int WIDTH = 1000;
    public static final int HEIGHT = 720;

    /**
     * Okabe &amp; Ito's colour-blind-safe colours, in the order series take them: the darker and more saturated first, black after
     * them, and the yellow, hard to see as a line on white, last.
     */
    public static final List<Color> PALETTE = List.of(new Color(0x0072B2) /* blue */, new Color(0xD55E00) /* vermillion */,
            new Color(0x009E73) /* bluish green */, new Color(0xE69F00) /* orange */, new Color(0xCC79A7) /* reddish purple */,
            new Color(0x56B4E9) /* sky blue */, Color.BLACK, new Color(0xF0E442) /* yellow */);

    /** The slot of a reference that belongs to no measured series in particular (BFS for all of them): black. */
    public static final int BLACK_SLOT = PALETTE.indexOf(Color.BLACK);

    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP,
        SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS, SeriesMarkers.TRAPEZOID};

    // measured series that may coincide (one-port and multi-port on the same steps) stay apart by their dash as well as their colour
    private static final BasicStroke[] MEASURED_LINES = {new BasicStroke(2f), dashes(2f, 9f, 3f, 2f, 3f), dashes(2.2f, 2f, 3f),
        dashes(2f, 12f, 4f)};
    // long dashes, dots, dash-dot: up to three references beside one measured series (a model read two ways and a floor)
    private static final BasicStroke[] REFERENCE_LINES = {dashes(1.5f, 6f, 5f), dashes(1.6f, 2f, 4f), dashes(1.5f, 10f, 3f, 2f, 3f)};
    private static final Marker[] HOLLOW = {new Hollow(0), new Hollow(1), new Hollow(2), new Hollow(3)};

    /**
     * A filled five-pointed star, which no slot has: for points of a series set apart from the rest of it, such as a saturated
     * network's latencies beside the steady-state ones.
     */
    public static final Marker STAR = new Star();

    /**
     * Data that fill less than this share of the axis from 0 to their top get an axis of their own ({@link #fitY}): drawn from 0
     * they would lie in a band too thin to tell the series, or their error bars, apart.
     */
    static final double NARROW = 1.0 / 3;

    /** The room left below and above fitted data, as a share of their range, before the bounds are rounded outwards. */
    private static final double MARGIN = 0.05;

    /** How far apart, in pixels, the tick labels of the x axis are at least. */
    static final int X_TICK_SPACING = 80;

    private Charts() {
    }

    /** Both files of a chart. */
    public record Saved(Path png, Path svg) {
        public List<Path> both() {
            return List.of(png, svg);
        }
    }

    public static Color colour(int slot) {
        return PALETTE.get(Math.floorMod(slot, PALETTE.size()));
    }

    public static Marker marker(int slot) {
        return MARKERS[Math.floorMod(slot, MARKERS.length)];
    }

    /** The outline of {@link #marker}: filled white, so a reference point shows where it lies on a measured one. */
    public static Marker hollowMarker(int slot) {
        return HOLLOW[Math.floorMod(slot, HOLLOW.length)];
    }

    /**
     * The line of a measured series; each round of slots past the palette's end moves to the next line, so that slot 8, of slot 0's
     * colour and marker, is still told from it.
     */
    public static BasicStroke line(int slot) {
        int wrapped = Math.floorMod(slot, MEASURED_LINES.length * PALETTE.size());
        return MEASURED_LINES[(wrapped + wrapped / PALETTE.size()) % MEASURED_LINES.length];
    }

    /**
     * The line of the {@code k}-th reference beside one measured series (0: long dashes, 1: dots, 2: dash-dot): references of one
     * colour that would otherwise be drawn alike, such as a model read two ways and the zero-load floor.
     */
    public static BasicStroke referenceLine(int k) {
        return REFERENCE_LINES[Math.floorMod(k, REFERENCE_LINES.length)];
    }

    /**
     * {@code marker} with an arrow pointing up at its right: a point whose value lies above the axis, drawn at its top. Two such
     * markers are equal where what they mark is.
     */
    public static Marker aboveTheAxis(Marker marker) {
        return new AboveTheAxis(marker);
    }

    /**
     * "what: network, algorithm, seed s": a title that says what was run. {@code algorithm} may be null where the series name the
     * algorithms.
     */
    public static String title(String what, String network, String algorithm, String seed) {
        StringBuilder t = new StringBuilder(what).append(": ").append(network);
        if (algorithm != null && !algorithm.isEmpty()) {
            t.append(", ").append(algorithm);
        }
        return t.append(", seed ").append(seed).toString();
    }

    /**
     * An empty XY chart in the house style. Its value axis starts at 0 unless the caller chooses another range ({@link #yRange}) or
     * fits it ({@link #fitY}); one left so is fitted to the data when the chart is saved, so that data in a narrow band far from 0
     * are not drawn as one flat line.
     */
    public static XYChart xy(String title, String xAxis, String yAxis) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xAxis).yAxisTitle(yAxis).build();
        XYStyler s = chart.getStyler();
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotGridLinesColor(new Color(0xDDDDDD));
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Vertical); // one entry a line: long names do not run off the image
        s.setLegendBorderColor(Color.WHITE);
        s.setLegendFont(s.getLegendFont().deriveFont(11f));
        s.setLegendPadding(4);
        s.setXAxisTickMarkSpacingHint(X_TICK_SPACING);
        s.setYAxisTickMarkSpacingHint(60);
        s.setYAxisMin(0.0);
        s.setErrorBarsColorSeriesColor(true);
        s.setMarkerSize(7);
        s.setChartTitleFont(fitted(s.getChartTitleFont(), title, WIDTH - 80)); // a margin: XChart's rendering hints measure wider
        return chart;
    }

    /** {@code font}, smaller if need be, so that {@code text} fits in {@code width} pixels: XChart neither wraps nor cuts a title. */
    static Font fitted(Font font, String text, int width) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            Font f = font;
            while (f.getSize2D() > 9 && g.getFontMetrics(f).stringWidth(text) > width) {
                f = f.deriveFont(f.getSize2D() - 1);
            }
            return f;
        } finally {
            g.dispose();
        }
    }

    /**
     * The value axis from {@code min} to {@code max} (either may be NaN: chosen from the data). A start other than 0 is said on the
     * axis, so that a zoomed axis is never read as one from 0. {@code yRange(chart, 0, NaN)} is {@link #xy}'s default, fitted when
     * saved.
     */
    public static void yRange(XYChart chart, double min, double max) {
        XYStyler s = chart.getStyler();
        s.setYAxisMin(Double.isNaN(min) ? null : min);
        s.setYAxisMax(Double.isNaN(max) ? null : max);
        if (min != 0.0) {
            String note = Double.isNaN(min) ? "axis not from 0"
                    : "axis from " + BigDecimal.valueOf(min).stripTrailingZeros().toPlainString();
            chart.setYAxisTitle(chart.getYAxisTitle() + " (" + note + ")");
        }
    }

    /**
     * Fits the value axis to {@code values}, the data and the ends of their error bars (values not finite are left out). Data that
     * fill a good part of the axis from 0 keep it; data in a narrow band far from 0 (less than {@link #NARROW} of it, such as
     * coverages from 0.997 to 1) get an axis from a little below their lowest to a little above their highest, at round bounds that
     * take in every bar, its start said on the axis: drawn from 0 they would be one flat line with their bars hidden in the markers.
     */
    public static void fitY(XYChart chart, double... values) {
        double lo = Arrays.stream(values).filter(Double::isFinite).min().orElse(0);
        double hi = Arrays.stream(values).filter(Double::isFinite).max().orElse(0);
        if (lo <= 0 || lo == hi || hi - lo >= NARROW * hi) {
            chart.getStyler().setYAxisMin(0.0);
            return;
        }
        double margin = (hi - lo) * MARGIN;
        BigDecimal step = roundStep((hi - lo + 2 * margin) / 10);
        BigDecimal min = step.multiply(BigDecimal.valueOf((long) Math.floor((lo - margin) / step.doubleValue())));
        BigDecimal max = step.multiply(BigDecimal.valueOf((long) Math.ceil((hi + margin) / step.doubleValue())));
        yRange(chart, min.doubleValue(), max.doubleValue());
    }

    /** {@link #fitY(XYChart, double...)} to every series drawn on {@code chart}, the ends of its error bars included. */
    public static void fitY(XYChart chart) {
        DoubleStream.Builder values = DoubleStream.builder();
        for (XYSeries s : chart.getSeriesMap().values()) {
            double[] y = s.getYData();
            double[] bars = s.getExtraValues();
            for (int i = 0; i < y.length; i++) {
                double bar = bars == null ? 0 : bars[i];
                values.add(y[i] - bar).add(y[i] + bar);
            }
        }
        fitY(chart, values.build().toArray());
    }

    /** The least of 1, 2, 2.5 and 5 times a power of ten that is at least {@code raw}: a step between round bounds. */
    private static BigDecimal roundStep(double raw) {
        int exponent = (int) Math.floor(Math.log10(raw));
        double mantissa = raw / Math.pow(10, exponent);
        String round = mantissa <= 1 ? "1" : mantissa <= 2 ? "2" : mantissa <= 2.5 ? "2.5" : mantissa <= 5 ? "5" : "10";
        return new BigDecimal(round).scaleByPowerOfTen(exponent);
    }

    // xy()'s axis, which no caller chose: fitted to the data when saved
    private static boolean valueAxisLeftToTheData(XYChart chart) {
        return Double.valueOf(0.0).equals(chart.getStyler().getYAxisMin()) && chart.getStyler().getYAxisMax() == null;
    }

    /** An x axis of whole numbers (steps, faults, n): labels at whole numbers only, never closer than {@link #X_TICK_SPACING}. */
    public static void integerXAxis(XYChart chart) {
        chart.getStyler().setXAxisDecimalPattern("0");
        chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> Math.abs(x - Math.rint(x)) < 1e-9 ? Long.toString(Math.round(x)) : "");
    }

    /** A measured series in slot {@code slot}: its colour, marker and line. */
    public static XYSeries measured(XYChart chart, int slot, String name, double[] x, double[] y) {
        return style(chart.addSeries(name, x, y), slot, line(slot), marker(slot));
    }

    /**
     * A measured series of means with their spread ({@code spread[i]}: a standard deviation or a 95 % half-interval, as the name
     * says) drawn as error bars; NaN spreads are drawn as none.
     */
    public static XYSeries measured(XYChart chart, int slot, String name, double[] x, double[] y, double[] spread) {
        double[] bars = Arrays.stream(spread).map(e -> Double.isNaN(e) ? 0 : e).toArray();
        return style(chart.addSeries(name, x, y, bars), slot, line(slot), marker(slot));
    }

    /** A reference series (a paper's printed values or formula, BFS): dashed, hollow markers, the colour of {@code slot}. */
    public static XYSeries reference(XYChart chart, int slot, String name, double[] x, double[] y) {
        return style(chart.addSeries(name, x, y), slot, referenceLine(0), hollowMarker(slot));
    }

    /** Values a paper prints, as hollow markers of the colour of {@code slot} without a line: they are points, not a curve. */
    public static XYSeries printed(XYChart chart, int slot, String name, double[] x, double[] y) {
        XYSeries s = reference(chart, slot, name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        return s;
    }

    /** A reference drawn as a vertical dashed line at {@code x}, from {@code yLow} to {@code yHigh}, without markers. */
    public static XYSeries verticalReference(XYChart chart, int slot, String name, double x, double yLow, double yHigh) {
        return style(chart.addSeries(name, new double[] {x, x}, new double[] {yLow, yHigh}), slot, referenceLine(0), SeriesMarkers.NONE);
    }

    /** A reference drawn as a horizontal dashed line at {@code y}, from {@code xLow} to {@code xHigh}, without markers. */
    public static XYSeries horizontalReference(XYChart chart, int slot, String name, double y, double xLow, double xHigh) {
        return style(chart.addSeries(name, new double[] {xLow, xHigh}, new double[] {y, y}), slot, referenceLine(0), SeriesMarkers.NONE);
    }

    private static XYSeries style(XYSeries s, int slot, BasicStroke stroke, Marker marker) {
        Color c = colour(slot);
        s.setLineColor(c);
        s.setMarkerColor(c);
        s.setLineStyle(stroke);
        s.setMarker(marker);
        return s;
    }

    /**
     * Draws a small chart once, as PNG and SVG into nothing, on a low-priority daemon thread, and returns at once (issue 39): a
     * JVM's first chart pays for Java2D's fonts and rasteriser, ImageIO's encoder and the SVG writer, native set-up the class-data
     * archive and AOT cache cannot hold. A command that will draw charts after its run calls this before the run, so that the
     * set-up overlaps the run on another core instead of following it. It writes no file and draws nothing that is kept.
     */
    public static void warmUpInBackground() {
        Thread t = new Thread(() -> {
            try {
                XYChart chart = xy("warm-up", "x", "y");
                chart.addSeries("s", new double[] {0, 1}, new double[] {0, 1});
                BitmapEncoder.saveBitmap(chart, OutputStream.nullOutputStream(), BitmapEncoder.BitmapFormat.PNG);
                VectorGraphicsEncoder.saveVectorGraphic(chart, OutputStream.nullOutputStream(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            } catch (IOException | RuntimeException e) {
                // only a warm-up: the charts themselves report any trouble
            }
        }, "icn-chart-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /**
     * Writes {@code <baseName>.png} and {@code <baseName>.svg} into {@code dir}, the value axis first fitted to the data where no
     * caller chose it ({@link #xy}).
     */
    public static Saved save(XYChart chart, Path dir, String baseName) throws IOException {
        if (valueAxisLeftToTheData(chart)) {
            fitY(chart);
        }
        Path png = dir.resolve(baseName + ".png");
        Path svg = dir.resolve(baseName + ".svg");
        try (OutputStream out = Files.newOutputStream(png)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
        try (OutputStream out = Files.newOutputStream(svg)) {
            VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        }
        return new Saved(png, svg);
    }

    /** Writes {@code png} (its name ends in .png) and the SVG beside it. */
    public static Saved save(XYChart chart, Path png) throws IOException {
        Path dir = png.toAbsolutePath().getParent();
        return save(chart, dir, baseName(png.getFileName().toString()));
    }

    /** The SVG's file name beside a PNG's: {@code coverage.png} → {@code coverage.svg}. */
    public static String svgBeside(String pngName) {
        return baseName(pngName) + ".svg";
    }

    private static String baseName(String pngName) {
        if (!pngName.endsWith(".png")) {
            throw new IllegalArgumentException("a chart's file name ends in .png: " + pngName);
        }
        return pngName.substring(0, pngName.length() - ".png".length());
    }

    private static BasicStroke dashes(float width, float... pattern) {
        return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, pattern, 0f);
    }

    /** The outline of circle, square, diamond or triangle, filled white: XChart's own markers are all filled. */
    private static final class Hollow extends Marker {

        private static final BasicStroke OUTLINE = new BasicStroke(1.6f);
        private final int shape;

        Hollow(int shape) {
            this.shape = shape;
        }

        @Override
        public void paint(Graphics2D g, double x, double y, int size) {
            double h = size / 2.0 + 1;
            Shape s = switch (shape) {
                case 0 -> new Ellipse2D.Double(x - h, y - h, 2 * h, 2 * h);
                case 1 -> new Rectangle2D.Double(x - h, y - h, 2 * h, 2 * h);
                case 2 -> polygon(x, y - h, x + h, y, x, y + h, x - h, y);
                default -> polygon(x, y - h, x + h, y + h, x - h, y + h);
            };
            Color line = g.getColor();
            g.setColor(Color.WHITE);
            g.fill(s);
            g.setColor(line);
            g.setStroke(OUTLINE);
            g.draw(s);
        }
    }

    /** {@link #STAR}: five points on a circle a little larger than the other markers', so that it reads as a star at their size. */
    private static final class Star extends Marker {

        @Override
        public void paint(Graphics2D g, double x, double y, int size) {
            double outer = size / 2.0 + 1.5;
            double[] xy = new double[20];
            for (int i = 0; i < 10; i++) {
                double r = i % 2 == 0 ? outer : outer * 0.45;
                double angle = -Math.PI / 2 + i * Math.PI / 5;
                xy[2 * i] = x + r * Math.cos(angle);
                xy[2 * i + 1] = y + r * Math.sin(angle);
            }
            g.fill(polygon(xy));
        }
    }

    /**
     * {@link #aboveTheAxis}: the marker and, at its right, an arrow pointing up in its colour; beside the marker, not over it, so
     * that the two stay within the height of a legend entry.
     */
    private static final class AboveTheAxis extends Marker {

        private static final BasicStroke STEM = new BasicStroke(1.6f);
        private final Marker marker;

        AboveTheAxis(Marker marker) {
            this.marker = marker;
        }

        @Override
        public void paint(Graphics2D g, double x, double y, int size) {
            marker.paint(g, x, y, size);
            double arrow = x + size / 2.0 + 5; // the widest marker, the star, reaches 1.5 pixels beyond size / 2
            g.setStroke(STEM);
            g.draw(new Line2D.Double(arrow, y + 5, arrow, y - 1));
            g.fill(polygon(arrow, y - 6, arrow + 3.5, y - 1, arrow - 3.5, y - 1));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof AboveTheAxis a && a.marker.equals(marker);
        }

        @Override
        public int hashCode() {
            return 31 * marker.hashCode() + 1;
        }
    }

    private static Shape polygon(double... xy) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) {
            p.lineTo(xy[i], xy[i + 1]);
        }
        p.closePath();
        return p;
    }
}
