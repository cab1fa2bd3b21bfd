package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.launcher.output.Progress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Progress lines of runs of N items: k of N, and the time left estimated from the items finished, on a clock the test moves. */
class ProgressTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L); // any origin: only differences count
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Progress progress = new Progress(icn.launcher.output.Session.of(new icn.launcher.output.Console(System.out, System.err, false), java.util.List.of()), false, new PrintStream(bytes, true, StandardCharsets.UTF_8), false, nanos::get);

    private void advance(double seconds) {
        nanos.addAndGet(Math.round(seconds * 1e9));
    }

    private List<String> lines() {
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void noEstimateBeforeTheFirstItemFinishesThenOneFromTheTimePerItem() {
        advance(2.0); // forming the cluster: not an item, not in the estimate
        progress.item(1, 8, "scc:6 one-port");
        advance(5.0);
        progress.item(2, 8, "scc:6 multi-port");
        advance(5.0);
        progress.item(3, 8, "scc:7 one-port");
        assertEquals(List.of(
                "[   2.0s] 1 of 8 · scc:6 one-port",
                "[   7.0s] 2 of 8 · scc:6 multi-port · ~35 s left", // 5 s per item, items 2..8 to go
                "[  12.0s] 3 of 8 · scc:7 one-port · ~30 s left"), lines());
    }

    @Test
    void shortRunsGetNoEstimate() {
        progress.item(1, 4, "a");
        advance(0.2);
        progress.item(2, 4, "b");
        advance(0.2);
        progress.item(3, 4, "c"); // 0.4 s so far and about 0.4 s to go: under 3 s in all
        assertEquals(List.of("[   0.0s] 1 of 4 · a", "[   0.2s] 2 of 4 · b", "[   0.4s] 3 of 4 · c"), lines());
    }

    @Test
    void anItemReportedSeveralTimesKeepsItsNumberAndTheEstimateMovesWithTheClock() {
        progress.item(1, 3, "cr:5: 0 of 120 sources");
        advance(60);
        progress.item(2, 3, "cr:5: 0 of 120 sources");
        advance(30);
        progress.item(2, 3, "cr:5: 64 of 120 sources"); // 90 s for 1 item: 180 s for items 2 and 3
        assertEquals(List.of(
                "[   0.0s] 1 of 3 · cr:5: 0 of 120 sources",
                "[  60.0s] 2 of 3 · cr:5: 0 of 120 sources · ~2 min left",
                "[  90.0s] 2 of 3 · cr:5: 64 of 120 sources · ~3 min left"), lines());
    }

    @Test
    void aNewRunOfItemsStartsANewEstimate() {
        progress.item(1, 2, "first run, item 1");
        advance(100);
        progress.item(2, 2, "first run, item 2");
        advance(100);
        progress.item(1, 5, "second run, item 1");
        advance(4);
        progress.item(2, 5, "second run, item 2");
        assertEquals("[ 204.0s] 2 of 5 · second run, item 2 · ~16 s left", lines().get(3));
    }

    @Test
    void timeLeftIsSaidAsPreciselyAsIsWorthSaying() {
        assertEquals("~1 s left", Progress.left(0.2));
        assertEquals("~20 s left", Progress.left(19.6));
        assertEquals("~59 s left", Progress.left(59.4));
        assertEquals("~1 min left", Progress.left(60));
        assertEquals("~4 min left", Progress.left(250));
        assertEquals("~89 min left", Progress.left(89 * 60 + 10));
        assertEquals("~1.5 h left", Progress.left(90 * 60));
        assertEquals("~12.0 h left", Progress.left(12 * 3600));
    }

    @Test
    void linesMatchWhatTheProcessTestsTakeForProgress() {
        progress.item(1, 2, "x");
        lines().forEach(l -> assertEquals(true, IcnProcess.PROGRESS.matcher(l).matches(), l));
    }

    @Test
    void quietPrintsNothing() {
        Progress silent = new Progress(icn.launcher.output.Session.of(new icn.launcher.output.Console(System.out, System.err, false), java.util.List.of()), true, new PrintStream(bytes, true, StandardCharsets.UTF_8), false, nanos::get);
        silent.item(1, 2, "x");
        silent.step("y");
        silent.done();
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }
}
