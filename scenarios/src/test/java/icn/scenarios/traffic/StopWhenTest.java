package icn.scenarios.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --stop-when}: each rate's window doubles from --cycles until its latency's 95 % interval is within the fraction of the
 * mean, the rate saturates, or the cap is reached; without it every rate is measured over --cycles, as before.
 */
class StopWhenTest {

    private static TrafficSettings settings(long cycles) {
        return new TrafficSettings("hypercube:4", "adaptive", "uniform", 4, 16, 4, List.of(0.002, 0.01), 100, cycles,
                TrafficSettings.defaultDrain(cycles), 11, EngineKind.SEQUENTIAL, 1, 1, Partition.Kind.SUPERNODE, FaultSpec.none(11));
    }

    private static TrafficExperiment.Curve run(TrafficSettings s, List<String> progress) {
        return TrafficExperiment.run(Engine.reference(), s, FaultPlan.NONE, progress::add);
    }

    @Test
    void eachRateRunsUntilItsIntervalIsNarrowEnoughOrTheCapIsReached() {
        List<String> lines = new ArrayList<>();
        TrafficExperiment.Curve c = run(settings(500).withStopWhen(0.05, 16_000), lines);
        for (int i = 0; i < c.runs().size(); i++) {
            TrafficPoint verdict = c.runs().get(i).measure(100, null, null, 0, 0, 0);
            long window = c.runs().get(i).cycles();
            assertTrue(window >= 500 && window <= 16_000 && Long.bitCount(window / 500) == 1 && window % 500 == 0,
                    "doubled from 500: " + window);
            boolean narrow = verdict.latency().ci95() / verdict.latency().mean() <= 0.05;
            assertTrue(narrow || verdict.saturated() || window == 16_000 || 2 * window > 16_000, "rate " + i + ": window " + window
                    + ", interval " + verdict.latency().ci95() + " of " + verdict.latency().mean());
            if (window > 500) {
                // the window before was not narrow enough: it was measured, and said so
                assertTrue(lines.stream().anyMatch(l -> l.contains("measuring " + String.format(java.util.Locale.ROOT, "%,d", window))),
                        lines.toString());
            }
        }
        assertTrue(c.runs().get(0).cycles() > 500, "a window of 500 cycles is too short for 5 % at λ = 0.002: " + lines);
        assertTrue(TrafficReport.text(c).contains("Stop when the latency's 95 % interval is within 5.0 % of its mean"));
        assertEquals(c.runs().get(0).cycles() - c.warmupCycles(), TrafficReport.json(c).get("points").get(0).get("windowCycles").asLong());
    }

    @Test
    void withoutItEveryRateTakesTheFixedWindow() {
        TrafficExperiment.Curve fixed = run(settings(500), new ArrayList<>());
        TrafficExperiment.Curve off = run(settings(500).withStopWhen(0, 0), new ArrayList<>());
        for (int i = 0; i < fixed.runs().size(); i++) {
            assertEquals(500, fixed.runs().get(i).cycles());
            assertEquals(fixed.points().get(i).latency(), off.points().get(i).latency());
        }
    }

    @Test
    void aBadFractionOrCapIsOneLine() {
        InvalidInputException fraction = assertThrows(InvalidInputException.class, () -> settings(500).withStopWhen(1.5, 0));
        assertTrue(fraction.getMessage().startsWith("--stop-when is the half-width"), fraction.getMessage());
        InvalidInputException cap = assertThrows(InvalidInputException.class, () -> settings(500).withStopWhen(0.05, 100));
        assertEquals("--max-cycles (100) must be at least --cycles (500)", cap.getMessage());
    }
}
