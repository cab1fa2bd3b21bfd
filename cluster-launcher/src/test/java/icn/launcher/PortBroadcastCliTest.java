package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code icn broadcast --algorithm one-port|multi-port} on ccc, hypercube and star, and with {@code --lateral-latency} /
 * {@code --theorem11}: the figures against 001's closed forms written here; the unchanged SCC report when R = 1.
 */
class PortBroadcastCliTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            // network, algorithm, expected ticks (closed form), expected running time in lateral steps
            "hypercube:8,one-port,8,8", // 001 §7: n steps
            "star:6,multi-port,7,7", // 001 Theorem 8: d_star = ⌊3·5/2⌋
            "ccc:5,one-port,30,10", // §12 R = ⌊6/2⌋ = 3: n iterations of ⌊(n+1)/2⌋ + R ticks = 5·6, running time 2n
            "ccc:6,multi-port,36,12", // R = ⌊6/2⌋ = 3: 6·(3 + 3)
            "scc:5,one-port,24,12", // Theorem 11 R = ⌊5/2⌋ = 2: d_star = 6 iterations of 2 + 2 ticks, running time 2·d_star
            "scc:6,multi-port,28,14"}) // R = ⌊5/2⌋ = 2: 7·(2 + 2)
    void theorem11Figures(String network, String algorithm, long ticks, double runningTime) {
        Cli.Result r = Cli.run("broadcast", "--topology", network, "--algorithm", algorithm, "--theorem11", "--engine", "sequential", "--json");
        assertEquals(0, r.exit(), r.toString());
        JsonNode j = r.json();
        assertEquals(j.get("nodes").asLong(), j.get("informed").asLong());
        assertEquals(ticks, j.get("ticks").asLong());
        assertEquals(runningTime, j.get("runningTimeInLateralSteps").asDouble(), 1e-9);
        assertEquals(j.get("totalSteps").asLong(), j.get("lateralSteps").asLong() + j.get("localSteps").asLong());
    }

    @Test
    void sccWithoutLatencyKeepsItsReport() {
        Cli.Result r = Cli.run("broadcast", "--topology", "scc:5", "--algorithm", "one-port", "--lateral-latency", "1", "--engine",
                "sequential", "--json");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.json().path("agrees").path("steps").asBoolean(), "Algorithm 4's report, beside Theorem 9");
    }

    @Test
    void refusesOtherNetworksInOneLine() {
        Cli.Result r = Cli.run("broadcast", "--topology", "torus:4,3", "--algorithm", "multi-port", "--engine", "sequential");
        assertEquals(2, r.exit(), r.toString());
        assertEquals(1, r.errLines().size(), r.toString());
        for (String network : java.util.List.of("scc:N", "ccc:N", "hypercube:N", "star:N")) { // the order is the kind table's
            assertTrue(r.err().contains("defined for ") && r.err().contains(network), network + ": " + r);
        }
        Cli.Result star = Cli.run("broadcast", "--topology", "star:5", "--algorithm", "one-port", "--lateral-latency", "3", "--engine", "sequential");
        assertEquals(2, star.exit(), star.toString());
        assertEquals(1, star.errLines().size(), star.toString());
    }
}
