package icn.scenarios.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

/**
 * The value axis is fitted to data in a narrow band far from 0 (a user's fault-coverage chart drew eight series between 0.997 and 1
 * on an axis from 0 to 1: one line, no bars), says where it starts, and keeps 0 where the data fill the axis from it.
 */
class ChartsScalingTest {

    @TempDir
    Path dir;

    private static final double[] FAULTS = {0, 1, 2, 3};
    // coverages of 0.997 to 1 with bars of ± 1 sd: the lowest bar ends at 0.997, the highest at 1.0005
    private static final double[] COVERAGE = {1.0, 0.999, 0.998, 0.9975};
    private static final double[] SD = {0, 0.0005, 0.0005, 0.0005};

    private static XYChart coverage(boolean withBars) {
        XYChart chart = Charts.xy("t", "random link faults", "informed fraction of live nodes");
        if (withBars) {
            Charts.measured(chart, 1, "scc:5 one-port", FAULTS, COVERAGE, SD);
        } else {
            Charts.measured(chart, 1, "scc:5 one-port", FAULTS, COVERAGE);
        }
        return chart;
    }

    @Test
    void coveragesNearOneGetAnAxisOfTheirOwnThatTakesInEveryBarAndSaysWhereItStarts() {
        XYChart chart = coverage(true);
        Charts.fitY(chart);
        double min = chart.getStyler().getYAxisMin();
        double max = chart.getStyler().getYAxisMax();
        assertTrue(min <= 0.997 && max >= 1.0005, "every bar within [" + min + ", " + max + "]");
        assertTrue((1.0005 - 0.997) / (max - min) > 0.5, "the data fill most of the axis: [" + min + ", " + max + "]");
        assertTrue(BigDecimal.valueOf(min).scale() <= 4 && BigDecimal.valueOf(max).scale() <= 4, "round bounds: " + min + ", " + max);
        String start = BigDecimal.valueOf(min).stripTrailingZeros().toPlainString();
        assertEquals("informed fraction of live nodes (axis from " + start + ")", chart.getYAxisTitle());
    }

    @Test
    void dataThatFillTheAxisFromZeroKeepIt() {
        XYChart rising = Charts.xy("t", "step", "informed fraction");
        Charts.measured(rising, 0, "a", FAULTS, new double[] {0.2, 0.5, 0.8, 1.0});
        Charts.fitY(rising);
        assertEquals(0.0, rising.getStyler().getYAxisMin());
        assertEquals("informed fraction", rising.getYAxisTitle());

        XYChart flat = Charts.xy("t", "faults", "coverage");
        Charts.fitY(flat, 1, 1, 1); // nothing to tell apart: a line at 1 reads best on the axis from 0
        assertEquals(0.0, flat.getStyler().getYAxisMin());
        assertEquals("coverage", flat.getYAxisTitle());
    }

    @Test
    void savingFitsAnAxisNoCallerChoseOnceAndLeavesAChosenOneAlone() throws IOException {
        XYChart left = coverage(true);
        Charts.save(left, dir, "left");
        assertTrue(left.getStyler().getYAxisMin() > 0.99, String.valueOf(left.getStyler().getYAxisMin()));
        String title = left.getYAxisTitle();
        Charts.save(left, dir, "again");
        assertEquals(title, left.getYAxisTitle(), "saved twice, said once");

        XYChart chosen = coverage(true);
        Charts.yRange(chosen, 0, 1);
        Charts.save(chosen, dir, "chosen");
        assertEquals(0.0, chosen.getStyler().getYAxisMin());
        assertEquals(1.0, chosen.getStyler().getYAxisMax());
    }

    @Test
    void errorBarsHiddenOnTheAxisFromZeroShowOnTheFittedOne() {
        Color c = Charts.colour(1);
        int barsFromZero = pixels(coverage(true), c) - pixels(coverage(false), c);
        XYChart fitted = coverage(true);
        XYChart fittedWithout = coverage(false);
        Charts.fitY(fitted);
        Charts.yRange(fittedWithout, fitted.getStyler().getYAxisMin(), fitted.getStyler().getYAxisMax());
        int barsFitted = pixels(fitted, c) - pixels(fittedWithout, c);
        // three bars of ± 0.0005: under a pixel each from 0 to 1, tens of pixels on an axis a few thousandths high
        assertTrue(barsFromZero < 30, "from 0: " + barsFromZero);
        assertTrue(barsFitted > 100, "fitted: " + barsFitted);
    }

    static int pixels(XYChart chart, Color c) {
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += (image.getRGB(x, y) & 0xFFFFFF) == (c.getRGB() & 0xFFFFFF) ? 1 : 0;
            }
        }
        return n;
    }
}
