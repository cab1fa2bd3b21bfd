package icn.node.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A sweep's runs at once, handed back as the one-after-another sweep hands them. */
class SweepsTest {

    /** Points that take longer the earlier they are, so that they end out of order when run at once. */
    private static int slowFirst(int i) {
        try {
            Thread.sleep(5L * (10 - i));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return i * i;
    }

    @Test
    void pointsRunAtOnceComeBackInTheirOrderAndSoDoTheCallbacks() {
        List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
        List<Integer> out = Sweeps.map(3, 10, SweepsTest::slowFirst, t -> false, seen::add);
        List<Integer> expected = IntStream.range(0, 10).map(i -> i * i).boxed().toList();
        assertEquals(expected, out);
        assertEquals(expected, seen, "handed on in order, not as they ended");
    }

    @Test
    void pointsRunAtOnceUpToWhatTheEngineCan() {
        AtomicInteger now = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        Sweeps.map(4, 12, i -> {
            most.accumulateAndGet(now.incrementAndGet(), Math::max);
            slowFirst(0);
            return now.decrementAndGet();
        }, t -> false, t -> { });
        assertTrue(most.get() > 1 && most.get() <= 4, "between 2 and 4 at once: " + most.get());
    }

    @Test
    void oneAtATimeRunsInTheCallingThread() {
        Thread caller = Thread.currentThread();
        List<Thread> threads = new ArrayList<>();
        Sweeps.map(1, 3, i -> {
            threads.add(Thread.currentThread());
            return i;
        }, t -> false, t -> { });
        assertEquals(List.of(caller, caller, caller), threads);
    }

    @Test
    void aSweepEndsWithItsLastPointAndWhatRanBesideItAfterItIsDropped() {
        List<Integer> seen = new ArrayList<>();
        List<Integer> out = Sweeps.map(4, 10, SweepsTest::slowFirst, t -> t >= 9, seen::add);
        assertEquals(List.of(0, 1, 4, 9), out, "up to the first point that is the last, as one after another");
        assertEquals(out, seen);
        assertEquals(List.of(0, 1, 4, 9), Sweeps.map(1, 10, SweepsTest::slowFirst, t -> t >= 9, t -> { }), "the same one at a time");
    }

    @Test
    void aFailingPointFailsTheSweepUnlessAnEarlierPointEndedIt() {
        IllegalStateException boom = new IllegalStateException("boom");
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> Sweeps.map(3, 6, i -> {
            if (i == 2) {
                throw boom;
            }
            return i;
        }, t -> false, t -> { }));
        assertSame(boom, thrown);
        assertEquals(List.of(0, 1), Sweeps.map(3, 6, i -> {
            if (i == 4) {
                throw boom;
            }
            return i;
        }, t -> t == 1, t -> { }), "a failure after the last point is not the sweep's");
    }
}
