package icn.scenarios.routing000;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three figures and Table 2 are written as PNG and CSV, one CSV row per n (Figs. 4, 5, Table 2) or per cost (Fig. 6). */
class Figures000Test {

    @TempDir
    Path dir;

    @Test
    void figuresAndTable2AreWritten() throws IOException {
        List<Measurement> ms = Routing000.measure(3, 5, n -> 3, 11);
        List<Path> files = Routing000.writeFigures(ms, dir);
        assertEquals(10, files.size(), "three figures as PNG, SVG and CSV, and Table 2");
        for (Path f : files) {
            assertTrue(Files.size(f) > 0, f.toString());
            if (f.toString().endsWith(".png")) {
                BufferedImage image = ImageIO.read(f.toFile());
                assertNotNull(image, f.toString());
                assertEquals(1000, image.getWidth());
            }
        }
        assertEquals(1 + 3, Files.readAllLines(dir.resolve(Figures000.FIGURE4 + ".csv")).size());
        assertEquals(1 + 3, Files.readAllLines(dir.resolve(Figures000.FIGURE5 + ".csv")).size());
        List<String> table2 = Files.readAllLines(dir.resolve(Figures000.TABLE2));
        assertEquals(1 + 3, table2.size());
        assertTrue(table2.get(1).startsWith("3,12,"), table2.get(1));
        Measurement scc5 = ms.get(2);
        List<String> fig6 = Files.readAllLines(dir.resolve(Figures000.FIGURE6 + "-scc5.csv"));
        assertEquals(1 + scc5.worstCase().histogram().length, fig6.size()); // the worst case reaches the largest cost
        long nodes = fig6.stream().skip(1).mapToLong(line -> Long.parseLong(line.split(",")[1])).sum();
        assertEquals(scc5.nodes(), nodes);
    }
}
