package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run applied beyond the papers' synchronous, fault-free model (crashed nodes, cut links, loss, extra delay, slow links, the
 * random faults of a curve's points, CR_n's faulty nodes) is said in its text, its report.md and its result.json ({@code applied}),
 * for every command and every kind of scenario; a run that applied nothing says {@code none} in all three. The values are those the
 * command line or the scenario asked for. Tiny networks and short windows: seconds in all. A killed JVM: KillJvmIT.
 */
class AppliedInEveryOutputTest {

    @TempDir
    Path tmp;

    private int made;

    /** The outputs of one command: its stdout, its report.md and its result.json. */
    private record Outputs(String text, String report, JsonNode json) {

        JsonNode applied() {
            JsonNode a = json.get("applied");
            assertNotNull(a, () -> "result.json has no applied object: " + json);
            return a;
        }
    }

    /** Runs {@code args} with a fresh --out and reads what it left: exit 0 expected. */
    private Outputs run(String... args) throws IOException {
        Path out = tmp.resolve("out-" + made++);
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--out";
        all[args.length + 1] = out.toString();
        Cli.Result r = Cli.run(all);
        assertEquals(0, r.exit(), r::toString);
        Path dir = Cli.resultsDir(out);
        return new Outputs(r.out(), Files.readString(dir.resolve("report.md")), Cli.JSON.readTree(dir.resolve("result.json").toFile()));
    }

    /** {@code icn run} of a scenario file holding {@code hocon}. */
    private Outputs scenario(String hocon) throws IOException {
        Path file = tmp.resolve("scenario-" + made + ".conf");
        Files.writeString(file, hocon);
        return run("run", file.toString());
    }

    private Path faultList(String hocon) throws IOException {
        Path file = tmp.resolve("faults-" + made + ".conf");
        Files.writeString(file, hocon);
        return file;
    }

    /**
     * result.json's {@code applied} is not none and its summary has each of {@code phrases}; the text and report.md say that summary
     * (a line "applied: ..." or a row "applied   ...", possibly wrapped).
     */
    private static JsonNode states(Outputs o, String... phrases) {
        JsonNode applied = o.applied();
        String summary = applied.get("summary").asText();
        assertFalse(applied.get("none").asBoolean(), applied::toString);
        for (String p : phrases) {
            assertTrue(summary.contains(p), () -> "applied names '" + p + "': " + summary);
        }
        says(o.text(), summary, "the text");
        says(o.report(), summary, "report.md");
        return applied;
    }

    /** result.json's {@code applied} is none, with nothing in it, and the text and report.md say so. */
    private static void statesNone(Outputs o) {
        JsonNode applied = o.applied();
        assertTrue(applied.get("none").asBoolean(), applied::toString);
        assertEquals("none", applied.get("summary").asText());
        for (String key : List.of("loss", "extraDelay", "latency", "crashedNodes", "cutLinks", "killedJvms", "varied")) {
            assertTrue(applied.get(key).isEmpty(), () -> key + " is empty: " + applied);
        }
        says(o.text(), "none", "the text");
        says(o.report(), "none", "report.md");
    }

    private static void says(String text, String summary, String where) {
        String flat = text.replace("applied:", "applied").replaceAll("\\s+", " ");
        assertTrue(flat.contains("applied " + summary), () -> where + " says 'applied: " + summary + "':\n" + text);
    }

    @Test
    void broadcastWithFaultsSaysThemAndTheLiveNodesInformed() throws IOException {
        Outputs o = run("broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--crash-nodes", "1", "--cut-links", "1", "--loss",
                "0.01", "--engine", "sequential", "--seed", "3");
        JsonNode applied = states(o, "1 node crashed", "2 arcs cut", "loss lateral 0.01, local 0.01");
        assertEquals(0.01, applied.get("loss").get("lateral").asDouble());
        assertEquals(0.01, applied.get("loss").get("local").asDouble());
        assertEquals(o.json().get("faults").get("crashedNodes").get(0).get("label"), applied.get("crashedNodes").get(0).get("label"));
        assertEquals(2, applied.get("cutLinks").size(), "a link cut both ways is two arcs");
        assertEquals(71, o.json().get("liveNodes").asLong());
        // crashed before step 1: never informed, so every node informed is live
        assertEquals(o.json().get("informed"), o.json().get("informedLive"));
        String flat = o.text().replaceAll("\\s+", " ");
        assertTrue(flat.contains("informed " + o.json().get("informed").asText() + " of 71 live nodes ("), o::text);
        assertTrue(flat.contains("; 1 crashed);"), o::text);
    }

    /** The source crashes at step 5 after it informed its first neighbours: informed, and not live at the end. */
    @Test
    void aNodeInformedBeforeItCrashedIsNotCountedLive() throws IOException {
        Path faults = faultList("faults { events = [ { at = 5, crash = \"<2,1234>\" } ] }\n");
        Outputs o = run("broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--faults", faults.toString(), "--engine",
                "sequential");
        states(o, "1 node crashed (<2,1234>@5)");
        long informed = o.json().get("informed").asLong();
        assertEquals(informed - 1, o.json().get("informedLive").asLong(), "the source was informed at step 0 and crashed at step 5");
        String flat = o.text().replaceAll("\\s+", " ");
        assertTrue(flat.contains("informed " + (informed - 1) + " of 71 live nodes ("), o::text);
        assertTrue(flat.contains("1 crashed), and 1 more informed before they crashed"), o::text);
    }

    @Test
    void broadcastWithSlowLateralLinksSaysTheLatency() throws IOException {
        Outputs o = run("broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--lateral-latency", "2", "--engine", "sequential");
        JsonNode applied = states(o, "latency lateral 2 steps");
        assertEquals(2, applied.get("latency").get("lateral").asInt());
        assertFalse(applied.get("latency").has("local"), "local links take one step: " + applied);
    }

    @Test
    void broadcastWithoutFaultsSaysNone() throws IOException {
        statesNone(run("broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--engine", "sequential"));
        statesNone(run("broadcast", "--topology", "torus:4,2", "--algorithm", "flooding", "--engine", "sequential"));
        Outputs two = run("broadcast", "--topology", "scc:4,torus:4,2", "--algorithm", "flooding", "--engine", "sequential");
        statesNone(two);
        two.json().get("results").forEach(r -> assertTrue(r.get("applied").get("none").asBoolean(), r::toString));
    }

    @Test
    void routeSaysItsFaultsAndDelayItsLatencyOrNone() throws IOException {
        Path delay = faultList("faults { extra-delay { lateral = 1 } }\n");
        JsonNode faulty = states(run("route", "--topology", "scc:4", "--sweep", "sample:10", "--crash-nodes", "1", "--faults",
                delay.toString(), "--engine", "sequential"), "1 node crashed", "extra delay lateral +1 step");
        assertEquals(1, faulty.get("extraDelay").get("lateral").asInt());
        JsonNode slow = states(run("route", "--topology", "scc:4", "--sweep", "sample:10", "--lateral-latency", "2", "--local-latency",
                "3", "--engine", "sequential"), "latency lateral 2 steps, local 3 steps");
        assertEquals(3, slow.get("latency").get("local").asInt());
        statesNone(run("route", "--topology", "scc:4", "--sweep", "sample:10", "--engine", "sequential"));
        statesNone(run("route", "--topology", "scc:4", "--from", "<2,1234>", "--to", "<3,4321>"));
        // a sweep with faults runs synchronously: slower links would be applied nowhere, and are refused rather than ignored
        Cli.Result refused = Cli.run("route", "--topology", "scc:4", "--sweep", "sample:10", "--crash-nodes", "1", "--lateral-latency", "2");
        BadInputTest.assertBadInput(refused, "--lateral-latency", "without faults");
    }

    @Test
    void faultCurvesSayTheirRandomFaultsOrNone() throws IOException {
        JsonNode coverage = states(run("faults", "coverage", "--topology", "scc:4", "--algorithm", "one-port", "--max-faults", "1",
                "--seeds", "2", "--engine", "sequential"), "random node faults 0..1", "never the source");
        JsonNode drawn = coverage.get("varied").get(0);
        assertEquals(1, drawn.get("maxFaults").asInt());
        assertEquals(2, drawn.get("seedsPerPoint").asInt());
        JsonNode routing = states(run("faults", "routing", "--topology", "torus:4,2", "--kind", "link", "--max-faults", "1", "--seeds", "1",
                "--sweep", "sample:5", "--engine", "sequential"), "random link faults 0..1");
        assertFalse(routing.get("varied").get(0).get("sourceSpared").asBoolean(), "routing's random faults may hit any node");
        statesNone(run("faults", "coverage", "--topology", "scc:4", "--algorithm", "one-port", "--max-faults", "0", "--seeds", "1",
                "--engine", "sequential"));
        states(run("faults", "cr-theorem", "--topology", "cr:3", "--placement", "destination"), "faulty nodes 0..n−1 on cr:3",
                "I's in-neighbours");
    }

    @Test
    void trafficSaysItsFaultsAndDelayOrNone() throws IOException {
        Path faults = faultList("faults {\n  events = [ { at = 100, crash = \"101\" } ]\n  extra-delay { dimension = 1 }\n}\n");
        String[] load = {"traffic", "--topology", "hypercube:3", "--engine", "sequential", "--rates", "0.01", "--cycles", "300", "--flits",
            "4"};
        Outputs o = run(concat(load, "--faults", faults.toString()));
        JsonNode applied = states(o, "1 node crashed (101@100)", "extra delay dimension +1 step");
        assertEquals(1, applied.get("extraDelay").get("dimension").asInt());
        assertEquals(applied.get("summary"), o.json().get("faults"), "faults, as before, is the summary");
        assertTrue(o.json().get("model").asText().startsWith("none"), "002's model has no faults and no extra delay");
        statesNone(run(load));
        // loss is no option of icn traffic (BadInputTest); a fault list that has it is refused in one line
        Path lossy = faultList("faults { loss = 0.01 }\n");
        BadInputTest.assertBadInput(Cli.run(concat(load, "--faults", lossy.toString())), "no loss");
    }

    @Test
    void compareSaysNone() throws IOException {
        statesNone(run("compare", "--topology", "scc:3,cr:3"));
    }

    @Test
    void broadcastScenariosSayTheirSlowLinksOrNone() throws IOException {
        Outputs slow = scenario("kind = broadcast\ntopologies = [\"scc:4\"]\nalgorithms = [one-port]\nlateral-latency = 2\n"
                + "engine = sequential\n");
        states(slow, "latency lateral 2 steps");
        assertEquals(2, slow.json().get("runs").get(0).get("applied").get("latency").get("lateral").asInt());
        statesNone(scenario("kind = broadcast\ntopologies = [\"scc:4\"]\nalgorithms = [one-port, multi-port]\nengine = sequential\n"));
        statesNone(scenario("kind = broadcast\ntopologies = [\"scc:4\", \"torus:4,2\"]\nalgorithms = [flooding]\nengine = sequential\n"));
    }

    @Test
    void routingScenariosSayTheirLatencyOrNone() throws IOException {
        String sweep = "kind = routing\ntopologies = [\"scc:4\"]\nalgorithms = [minimal]\nsweep = \"sample:10\"\nengine = sequential\n";
        JsonNode applied = states(scenario(sweep + "lateral-latency = 2\n"), "latency lateral 2 steps");
        assertEquals(2, applied.get("latency").get("lateral").asInt());
        statesNone(scenario(sweep));
    }

    /**
     * docs/scenarios.md's fault example as written, made small: its loss on lateral links is said beside the random faults, so a
     * point without random faults that informs fewer than all nodes is explained.
     */
    @Test
    void theDocumentedFaultScenarioSaysItsLoss() throws IOException {
        String example = DocExamples.of("hocon", List.of(Path.of("../docs/scenarios.md"))).stream().map(DocExamples.Example::text)
                .filter(t -> t.contains("kind = faults") && t.contains("loss")).findFirst().orElseThrow();
        Matcher loss = Pattern.compile("loss \\{ lateral = ([0-9.]+) }").matcher(example);
        assertTrue(loss.find(), example);
        Outputs o = scenario(example + "\ntopologies = [\"scc:4\", \"torus:4,2\"]\nmax-faults = 1\nseeds = 2\nengine = sequential\n");
        JsonNode applied = states(o, "loss lateral " + loss.group(1), "random node faults 0..1");
        assertEquals(Double.parseDouble(loss.group(1)), applied.get("loss").get("lateral").asDouble());
        statesNone(scenario("kind = faults\nexperiment = coverage\ntopologies = [\"scc:4\"]\nalgorithms = [one-port]\nmax-faults = 0\n"
                + "seeds = 1\nengine = sequential\n"));
    }

    @Test
    void trafficScenariosSayNone() throws IOException {
        statesNone(scenario("kind = traffic\nengine = sequential\ncycles = 300\n"
                + "panels = [ { name = a, topology = \"hypercube:3\", flits = [4], rates = \"0.01\" } ]\n"));
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
