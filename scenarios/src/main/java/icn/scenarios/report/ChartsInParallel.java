package icn.scenarios.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.XYChart;

/** Several charts written at once, each on a thread of its own ({@link Charts#save} for one). */
public final class ChartsInParallel {

    private ChartsInParallel() {
    }

    /**
     * Writes every chart as {@code pngs} names it, and its SVG beside it, each chart on a thread of its own: a command's charts are
     * most of the time a small run takes after its last cycle (issue 39), and they are independent (a chart is drawn by one thread
     * only). The first failure is thrown once all are done.
     */
    public static void save(List<XYChart> charts, List<Path> pngs) throws IOException {
        if (charts.size() != pngs.size()) {
            throw new IllegalArgumentException(charts.size() + " charts for " + pngs.size() + " files");
        }
        List<Thread> threads = new java.util.ArrayList<>();
        IOException[] failed = new IOException[1];
        RuntimeException[] broke = new RuntimeException[1];
        for (int i = 0; i < charts.size(); i++) {
            XYChart chart = charts.get(i);
            Path png = pngs.get(i);
            Thread t = new Thread(() -> {
                try {
                    Charts.save(chart, png);
                } catch (IOException e) {
                    synchronized (failed) {
                        failed[0] = failed[0] == null ? e : failed[0];
                    }
                } catch (RuntimeException e) {
                    synchronized (failed) {
                        broke[0] = broke[0] == null ? e : broke[0];
                    }
                }
            }, "icn-chart-" + i);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the charts were drawn", e);
            }
        }
        synchronized (failed) {
            if (broke[0] != null) {
                throw broke[0];
            }
            if (failed[0] != null) {
                throw failed[0];
            }
        }
    }
}
