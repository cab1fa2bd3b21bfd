package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.TrafficSpec;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The arrival processes at low load on hypercube:4 (16 nodes, 20,000 cycles, rate 0.01: about 3,200 messages): each generates the
 * rate it is given, within four standard deviations; Bernoulli never two messages of a node in one cycle; bursty:B sends a
 * message on the cycle after its node's last one in a fraction 1 − 1/B of the cases (consecutive messages of a burst).
 */
class InjectionTest {

    private static final int CYCLES = 20_000;
    private static final double RATE = 0.01;

    private static List<MessageDelivered> run(String injection) {
        TrafficSpec spec = new TrafficSpec("e-cube", "uniform", 1, 4, 4, RATE, 5, CYCLES, CYCLES + 5_000, injection);
        return TrafficRuns.sequential(Topologies.parse("hypercube:4"), spec).delivered();
    }

    private static void rateIsTheRate(List<MessageDelivered> delivered, String injection, double varianceFactor) {
        double expected = RATE * 16 * CYCLES;
        double sd = Math.sqrt(expected * varianceFactor);
        assertTrue(Math.abs(delivered.size() - expected) <= 4 * sd, injection + ": " + delivered.size() + " messages against "
                + expected + " ± " + 4 * sd);
    }

    /** The fraction of a node's messages generated on the cycle right after its previous one. */
    private static double consecutive(List<MessageDelivered> delivered) {
        Map<Integer, List<MessageDelivered>> bySource = delivered.stream().collect(Collectors.groupingBy(MessageDelivered::source));
        long next = 0;
        long pairs = 0;
        for (List<MessageDelivered> own : bySource.values()) {
            own.sort(Comparator.comparingLong(MessageDelivered::generated));
            for (int i = 1; i < own.size(); i++) {
                pairs++;
                next += own.get(i).generated() == own.get(i - 1).generated() + 1 ? 1 : 0;
            }
        }
        return (double) next / pairs;
    }

    @Test
    void eachProcessGeneratesItsRate() {
        rateIsTheRate(run("poisson"), "poisson", 1);
        List<MessageDelivered> bernoulli = run("bernoulli");
        rateIsTheRate(bernoulli, "bernoulli", 1);
        assertEquals(bernoulli.size(), bernoulli.stream().map(d -> d.source() + "@" + d.generated()).distinct().count(),
                "bernoulli: at most one message per node and cycle");
        List<MessageDelivered> bursty = run("bursty:4");
        rateIsTheRate(bursty, "bursty:4", 4 * 2); // a compound process: the count's variance grows with the burst size
        double together = consecutive(bursty);
        assertEquals(0.75, together, 0.05, "bursty:4: three in four messages follow their node's last on the next cycle");
        assertTrue(consecutive(run("poisson")) < 0.05, "poisson at 0.01 per cycle seldom has two on consecutive cycles");
    }

    /**
     * The processes alone, without a network to carry their messages: every source of hypercube:4 generating for 200,000 cycles at
     * λ = 0.1 (bursty:8 gives 40,000 bursts, so the count's relative standard deviation is about 0.7 %): each process's count is the
     * rate within 3 %. A burst clock that restarted at a burst's end would run 9 % short here.
     */
    @Test
    void eachProcessKeepsItsMeanRateAtHigherLoad() {
        long cycles = 200_000;
        for (String injection : List.of("poisson", "bernoulli", "bursty:8")) {
            TrafficSpec spec = new TrafficSpec("e-cube", "uniform", 1, 4, 4, 0.1, 5, cycles, cycles + 1, injection);
            TrafficPrograms run = icn.node.kind.Programs.traffic(Topologies.parse("hypercube:4"), spec, icn.protocols.fault.FaultPlan.NONE);
            long generated = 0;
            for (int node = 0; node < 16; node++) {
                MessageSource source = new MessageSource(run, node);
                source.generate(cycles);
                generated += source.generated();
            }
            double expected = 0.1 * 16 * cycles;
            assertEquals(expected, generated, 0.03 * expected, injection + ": " + generated + " messages against " + expected);
        }
    }

    @Test
    void aTinyRateEndsTheSourceRatherThanLoopingOnIt() {
        for (String injection : List.of("bernoulli", "bursty:2")) {
            TrafficSpec spec = new TrafficSpec("e-cube", "uniform", 1, 4, 4, 1e-17, 5, 1_000, 1_001, injection);
            TrafficPrograms run = icn.node.kind.Programs.traffic(Topologies.parse("hypercube:4"), spec, icn.protocols.fault.FaultPlan.NONE);
            MessageSource source = new MessageSource(run, 3);
            source.generate(1_000);
            assertEquals(0, source.generated(), injection);
        }
    }

    @Test
    void aBadProcessIsOneLine() {
        InvalidInputException unknown = assertThrows(InvalidInputException.class,
                () -> new TrafficSpec("e-cube", "uniform", 1, 4, 4, RATE, 5, 100, 200, "sporadic").checked());
        assertEquals("unknown injection 'sporadic': expected one of poisson, bernoulli, bursty:B (B the mean burst length in messages,"
                + " at least 1)", unknown.getMessage());
        assertThrows(InvalidInputException.class, () -> new TrafficSpec("e-cube", "uniform", 1, 4, 4, 1.5, 5, 100, 200, "bernoulli").checked());
        assertThrows(InvalidInputException.class, () -> new TrafficSpec("e-cube", "uniform", 1, 4, 4, RATE, 5, 100, 200, "bursty:0.5").checked());
    }
}
