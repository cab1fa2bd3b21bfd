package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code icn broadcast --algorithm cyclic-seq|cyclic-par|switching-nlogn|switching-n2}: both engines, text and JSON, refusals. */
class SequenceBroadcastCliTest {

    private static int dStar(int n) {
        return 3 * (n - 1) / 2;
    }

    @ParameterizedTest
    @ValueSource(strings = {"cyclic-seq", "cyclic-par", "switching-nlogn", "switching-n2"})
    void bothEnginesMeasureTheSameSequence(String algorithm) {
        Cli.Result seq = Cli.run("broadcast", "--topology", "scc:4", "--algorithm", algorithm, "--engine", "sequential", "--json");
        Cli.Result act = Cli.run("broadcast", "--topology", "scc:4", "--algorithm", algorithm, "--json");
        assertEquals(0, seq.exit(), seq.toString());
        assertEquals(0, act.exit(), act.toString());
        JsonNode s = seq.json();
        JsonNode a = act.json();
        assertEquals("actor", a.get("engine").asText());
        assertEquals(72, s.get("informed").asLong());
        for (String field : new String[] {"lateralSteps", "localSteps", "totalSteps", "stepsUntilAllInformed"}) {
            assertEquals(s.get("sequence").get(field), a.get("sequence").get(field), field);
        }
        assertEquals(s.get("perStepInformed"), a.get("perStepInformed"));
        if (algorithm.equals("cyclic-par")) {
            assertEquals(3 * dStar(4), s.get("sequence").get("totalSteps").asInt(), "001 §8.3: (n−1) d_star");
        }
    }

    @Test
    void textNamesTheFourCounts() {
        Cli.Result r = Cli.run("broadcast", "--topology", "scc:5", "--algorithm", "cyclic-seq", "--engine", "sequential");
        assertEquals(0, r.exit(), r.toString());
        for (String row : new String[] {"lateral link steps", "local link steps", "total steps", "until all informed"}) {
            assertTrue(r.out().contains(row), row + " in\n" + r.out());
        }
        assertTrue(r.out().contains(" " + (2 * 4 * dStar(5) - 1) + " "), r.out());
    }

    @Test
    void otherTopologiesAndPipeliningAreRefusedOnOneLine() {
        Cli.Result star = Cli.run("broadcast", "--topology", "star:5", "--algorithm", "switching-n2");
        assertNotEquals(0, star.exit());
        assertEquals(1, star.errLines().size(), star.toString());
        assertTrue(star.err().contains("scc:N"), star.toString());
        Cli.Result piped = Cli.run("broadcast", "--topology", "scc:5", "--algorithm", "cyclic-par", "--messages", "3");
        assertNotEquals(0, piped.exit());
        assertEquals(1, piped.errLines().size(), piped.toString());
        assertTrue(piped.err().contains("one message"), piped.toString());
    }
}
