package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code icn broadcast --json}: exactly one JSON object on stdout with the README's contract, its measured values checked against
 * 001's closed forms computed here (not copied from any output), and the actor engine checked against the sequential engine.
 */
class BroadcastJsonTest {

    // ---- 001's closed forms, written out independently of icn.scenarios.claims.PaperFormulas

    /** d_star = ⌊3(n−1)/2⌋, the diameter of the star graph S_n. */
    static int dStar(int n) {
        return 3 * (n - 1) / 2;
    }

    /** Steps per message: ⌊(n+2)/2⌋ one-port (Theorem 9), ⌊(n+1)/2⌋ multi-port (Theorem 10). */
    static int rate(String algorithm, int n) {
        return algorithm.equals("one-port") ? (n + 2) / 2 : (n + 1) / 2;
    }

    /** Total steps for B pipelined messages: rate·(d_star + B − 1); B = 1 gives Theorems 9 and 10. */
    static int steps(String algorithm, int n, int b) {
        return rate(algorithm, n) * (dStar(n) + b - 1);
    }

    /** The step after which message k (1-based) has reached every node: rate·(d_star + k − 1). */
    static int completion(String algorithm, int n, int k) {
        return rate(algorithm, n) * (dStar(n) + k - 1);
    }

    /** Lateral steps: one per iteration of the outer loop, d_star + B − 1 (Theorems 9 and 10: d_star for B = 1). */
    static int lateralSteps(int n, int b) {
        return dStar(n) + b - 1;
    }

    /** Local steps: ⌊n/2⌋ per iteration one-port (Theorem 9), ⌊(n−1)/2⌋ multi-port (Theorem 10). */
    static int localSteps(String algorithm, int n, int b) {
        return (algorithm.equals("one-port") ? n / 2 : (n - 1) / 2) * lateralSteps(n, b);
    }

    static long factorial(int n) {
        long f = 1;
        for (int k = 2; k <= n; k++) {
            f *= k;
        }
        return f;
    }

    /** (n−1)·n!, 000 §2.2. */
    static long nodes(int n) {
        return (n - 1) * factorial(n);
    }

    /** The table writes a count one way (issue 38: "informed … 3,600 of 3600"). */
    @Test
    void theTableWritesBothCountsOfInformedNodesAlike() {
        Cli.Result r = Cli.run("broadcast", "--topology", "scc:6", "--algorithm", "one-port", "--engine", "sequential");
        assertEquals(0, r.exit(), r::toString);
        String informed = r.outLines().stream().filter(l -> l.startsWith("informed")).findFirst().orElseThrow();
        assertTrue(informed.matches("informed \\(message 1\\)\\s+3,600\\s+of 3,600"), informed);
    }

    @Test
    void onePortOnScc5OnTheActorEngine() {
        Cli.Result r = Cli.run("broadcast", "--topology", "scc:5", "--algorithm", "one-port", "--engine", "actor", "--hosts", "2",
                "--seed", "7", "--json");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(1, r.outLines().size(), () -> "one line on stdout: " + r);
        JsonNode j = r.json();
        assertContract(j, 5, "one-port", 1, "<2,12345>", "actor", 7);
        assertEquals(completion("one-port", 5, 1), j.get("fullCoverageStep").asLong());
        assertTrue(j.get("fullCoverageStep").isIntegralNumber(), "B = 1: fullCoverageStep is a number");
        assertEquals(steps("one-port", 5, 1), j.get("paper").get("fullCoverageStep").asLong());
        // Theorem 9 for n = 5 by hand as well: ⌊7/2⌋·⌊12/2⌋ = 3·6 = 18
        assertEquals(18, j.get("steps").asLong());
    }

    @Test
    void multiPortPipelinedOnScc6OnTheSequentialEngine() {
        Cli.Result r = Cli.run("broadcast", "--topology", "scc:6", "--algorithm", "multi-port", "--messages", "3", "--engine",
                "sequential", "--json");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(1, r.outLines().size(), () -> "one line on stdout: " + r);
        JsonNode j = r.json();
        assertContract(j, 6, "multi-port", 3, "<2,123456>", "sequential", 1);
        JsonNode coverage = j.get("fullCoverageStep");
        assertTrue(coverage.isArray(), "B = 3: fullCoverageStep is an array");
        assertEquals(3, coverage.size());
        for (int k = 1; k <= 3; k++) {
            assertEquals(completion("multi-port", 6, k), coverage.get(k - 1).asLong(), "message " + k);
            assertEquals(completion("multi-port", 6, k), j.get("paper").get("fullCoverageStep").get(k - 1).asLong(), "paper, message " + k);
        }
        // Theorem 10 with pipelining for n = 6, B = 3 by hand: ⌊7/2⌋·(⌊15/2⌋ + 2) = 3·9 = 27, messages done at 21, 24, 27
        assertEquals(27, j.get("steps").asLong());
    }

    /** The actor engine against the sequential reference, run through the command line: same measured figures. */
    @ParameterizedTest(name = "scc:{0} {1} B={2} source {3}, {4} on {5} hosts")
    @CsvSource({
            "5, one-port,   1, '<2,12345>', supernode,   2",
            "4, multi-port, 2, '<3,2143>',  round-robin, 3",
            "4, one-port,   3, '<4,4321>',  block,       2",
    })
    void actorEngineMeasuresWhatTheSequentialEngineMeasures(int n, String algorithm, int b, String source, String partitioning,
            int hosts) {
        String topology = "scc:" + n;
        Cli.Result actor = Cli.run("broadcast", "--topology", topology, "--algorithm", algorithm, "--messages", Integer.toString(b),
                "--source", source, "--engine", "actor", "--partitioning", partitioning, "--hosts", Integer.toString(hosts), "--json");
        Cli.Result sequential = Cli.run("broadcast", "--topology", topology, "--algorithm", algorithm, "--messages",
                Integer.toString(b), "--source", source, "--engine", "sequential", "--json");
        assertEquals(0, actor.exit(), actor::toString);
        assertEquals(0, sequential.exit(), sequential::toString);
        JsonNode a = actor.json();
        JsonNode s = sequential.json();
        assertContract(a, n, algorithm, b, source, "actor", 1);
        assertContract(s, n, algorithm, b, source, "sequential", 1);
        for (String field : List.of("steps", "lateralSteps", "localSteps", "fullCoverageStep", "informed", "perStepInformed",
                "linkMessages")) {
            assertEquals(s.get(field), a.get(field), field);
        }
    }

    /** Every field of the README's contract, and every measured value against the closed forms and invariants of the model. */
    static void assertContract(JsonNode j, int n, String algorithm, int b, String source, String engine, long seed) {
        long nodes = nodes(n);
        int steps = steps(algorithm, n, b);
        assertAll(j.toString(),
                () -> assertEquals("scc:" + n, j.get("topology").asText()),
                () -> assertEquals(nodes, j.get("nodes").asLong()),
                () -> assertEquals(algorithm, j.get("algorithm").asText()),
                () -> assertEquals(b, j.get("messages").asInt()),
                () -> assertEquals(seed, j.get("seed").asLong()),
                () -> assertEquals(source, j.get("source").asText()),
                () -> assertEquals(engine, j.get("engine").asText()),
                () -> assertEquals(steps, j.get("steps").asLong(), "steps"),
                () -> assertEquals(lateralSteps(n, b), j.get("lateralSteps").asLong(), "lateralSteps"),
                () -> assertEquals(localSteps(algorithm, n, b), j.get("localSteps").asLong(), "localSteps"),
                () -> assertEquals(nodes, j.get("informed").asLong(), "informed = (n−1)·n!"),
                () -> assertTrue(j.get("wallSeconds").isNumber() && j.get("wallSeconds").asDouble() >= 0, "wallSeconds"),
                () -> assertEquals(steps, j.get("paper").get("steps").asLong(), "paper.steps"),
                () -> assertEquals(lateralSteps(n, b), j.get("paper").get("lateralSteps").asLong(), "paper.lateralSteps"),
                () -> assertEquals(localSteps(algorithm, n, b), j.get("paper").get("localSteps").asLong(), "paper.localSteps"),
                () -> assertTrue(j.get("paper").has("diameter"), "paper.diameter"),
                () -> assertTrue(j.get("paper").has("relativeDistanceToDiameter"), "paper.relativeDistanceToDiameter"),
                () -> assertTrue(j.get("paper").get("source").asText().contains(algorithm.equals("one-port") ? "Theorem 9" : "Theorem 10")),
                () -> assertAgrees(j.get("agrees")));
        // fullCoverageStep: a number for B = 1, one entry per message for B > 1, each at rate·(d_star + k − 1)
        JsonNode coverage = j.get("fullCoverageStep");
        if (b == 1) {
            assertTrue(coverage.isIntegralNumber(), "fullCoverageStep is a number for B = 1");
            assertEquals(completion(algorithm, n, 1), coverage.asLong());
        } else {
            assertTrue(coverage.isArray() && coverage.size() == b, "fullCoverageStep has one entry per message");
            for (int k = 1; k <= b; k++) {
                assertEquals(completion(algorithm, n, k), coverage.get(k - 1).asLong(), "fullCoverageStep of message " + k);
            }
        }
        // perStepInformed[s]: nodes holding message 1 after step s, for steps 0..steps
        JsonNode perStep = j.get("perStepInformed");
        assertTrue(perStep.isArray());
        assertEquals(steps + 1, perStep.size(), "perStepInformed has one entry per step, step 0 included");
        assertEquals(1, perStep.get(0).asLong(), "after step 0 only the source holds the message");
        long firstDone = completion(algorithm, n, 1);
        long before = 1; // the source holds the message before step 1
        // one-port: a node sends on one port per step, so the informed set at most doubles; multi-port: at most 3 new per node
        long growth = algorithm.equals("one-port") ? 2 : 4;
        for (int i = 1; i < perStep.size(); i++) {
            long now = perStep.get(i).asLong();
            assertTrue(now >= before && now <= growth * before && now <= nodes, "perStepInformed[" + i + "] = " + now + " after " + before);
            before = now;
        }
        assertEquals(nodes, perStep.get((int) firstDone).asLong(), "everyone holds message 1 after step " + firstDone);
        assertTrue(perStep.get((int) firstDone - 1).asLong() < nodes, "not everyone before step " + firstDone);
        // link messages: every node other than the source gets every message at least once, every supernode other than the
        // source's gets each message over a lateral link at least once
        JsonNode links = j.get("linkMessages");
        long lateral = links.get("lateral").asLong();
        long local = links.get("local").asLong();
        assertTrue(lateral >= b * (factorial(n) - 1), "lateral link messages " + lateral);
        assertTrue(lateral + local >= b * (nodes - 1), "link messages " + (lateral + local));
        // at most one message per port and step: 3 ports of each node
        assertTrue(lateral + local <= 3L * nodes * steps, "link messages " + (lateral + local));
    }

    private static void assertAgrees(JsonNode agrees) {
        assertTrue(agrees != null && agrees.isObject() && agrees.size() > 0, "agrees");
        List<String> disagreeing = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = agrees.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().asBoolean(false)) {
                disagreeing.add(e.getKey());
            }
        }
        assertEquals(List.of(), disagreeing, "agrees.* all true");
    }
}
