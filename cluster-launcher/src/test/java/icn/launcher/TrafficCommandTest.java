package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Topology;
import icn.scenarios.traffic.TrafficSettings;
import com.fasterxml.jackson.databind.JsonNode;
import icn.node.engine.EngineKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code icn traffic}, {@code icn bench traffic} and traffic scenarios from the command line, in this JVM. */
class TrafficCommandTest {

    @TempDir
    Path tmp;

    @Test
    void jsonIsOneObjectWithTheContract() {
        Cli.Result r = Cli.run("traffic", "--topology", "rnh:2,3", "--engine", "sequential", "--rates", "0.002,0.004", "--cycles", "2000",
                "--flits", "8", "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode o = r.json();
        assertEquals("rnh:2,3", o.get("topology").asText());
        assertEquals(16, o.get("nodes").asInt());
        assertEquals("adaptive", o.get("routing").asText());
        assertEquals("uniform", o.get("pattern").asText());
        assertEquals(4, o.get("vcs").asInt(), "V defaults to 4");
        assertEquals(8, o.get("flits").asInt());
        assertEquals(4, o.get("buffer").asInt(), "F defaults to 4");
        assertEquals(1, o.get("seed").asLong());
        assertEquals("sequential", o.get("engine").asText());
        assertEquals(1, o.get("jvms").asInt());
        assertEquals(2, o.get("points").size());
        for (JsonNode p : o.get("points")) {
            assertTrue(p.get("accounting").get("balanced").asBoolean(), p::toString);
            assertTrue(p.get("messageAccounting").get("balanced").asBoolean(), p::toString);
            assertTrue(p.get("model").get("latency").asDouble() > 0, "002's model stands beside rnh adaptive: " + p);
        }
        assertTrue(r.err().isEmpty() || !r.err().contains("Exception"), r.err());
    }

    /**
     * Issue 39: the networks machines are built from run from the command line, their loads per terminal (a dragonfly's routers send
     * nothing), with the router's timing as parameters, and the command line the result reproduces itself with parses back.
     */
    @Test
    void aDragonflyWithItsTimingRunsAndItsCommandLineReproducesIt() {
        Cli.Result r = Cli.run("traffic", "--topology", "dragonfly:1,2,1", "--routing", "ugal", "--pattern", "adversarial", "--vcs", "3",
                "--engine", "sequential", "--loads", "0.05", "--cycles", "1000", "--flits", "4", "--buffer", "16", "--pipeline", "1,0,1,0",
                "--link-latency", "global:4", "--speedup", "2", "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode o = r.json();
        assertEquals(6, o.get("nodes").asInt(), "the terminals: 3 groups of 2 routers with one terminal each");
        assertEquals("pipeline=1,0,1,0 speedup=2 links=global:4", o.get("timing").asText());
        assertEquals(0.05, o.get("points").get(0).get("offered").asDouble(), 0.01, "offered flits per terminal per cycle");
        Topology t = icn.protocols.topology.Topologies.parse("dragonfly:1,2,1");
        TrafficSettings s = new TrafficSettings(t, "ugal", "adversarial", 3, 4, 16, java.util.List.of(0.0125), 200, 1000, 500, 1,
                icn.node.engine.EngineKind.SEQUENTIAL, 1, 1, icn.protocols.Partition.Kind.SUPERNODE, icn.protocols.fault.FaultSpec.none(1),
                "poisson", 0, 0, "").withTiming(icn.protocols.traffic.RouterTiming.parse("pipeline=1,0,1,0 speedup=2 links=global:4"));
        String line = s.commandLine().toString();
        assertTrue(line.contains("--pipeline 1,0,1,0") && line.contains("--link-latency global:4") && line.contains("--speedup 2"), line);
        assertEquals(0, Cli.run(line.replaceFirst("^icn ", "").split(" ")).exit(), line);
    }

    @Test
    void loadsAreOfferedFlitsAndRatesPastSaturationAreSaidInOneLine() {
        // --loads L is λ_g = L / M: 0.08 and 0.16 flits/node/cycle with M = 8 are λ_g 0.01 and 0.02
        Cli.Result byLoad = Cli.run("traffic", "--topology", "torus:4,2", "--engine", "sequential", "--loads", "0.08,0.16", "--cycles", "1000",
                "--flits", "8", "--json");
        Cli.Result byRate = Cli.run("traffic", "--topology", "torus:4,2", "--engine", "sequential", "--rates", "0.01,0.02", "--cycles", "1000",
                "--flits", "8", "--json");
        assertEquals(0, byLoad.exit(), byLoad::toString);
        JsonNode loadPoints = byLoad.json().get("points");
        JsonNode ratePoints = byRate.json().get("points");
        for (JsonNode points : List.of(loadPoints, ratePoints)) {
            points.forEach(p -> ((com.fasterxml.jackson.databind.node.ObjectNode) p).remove("runSeconds")); // a timing
        }
        assertEquals(ratePoints.toString(), loadPoints.toString(), "the same points");
        Cli.Result both = Cli.run("traffic", "--topology", "torus:4,2", "--loads", "0.08", "--rates", "0.01");
        assertEquals(2, both.exit(), both::toString);
        assertEquals(List.of("icn: --rates and --loads both given: give one (--loads L is --rates L/M)"), both.err().lines().toList());
        // 48 flits per node per cycle on hypercube:6, whose channels accept about 1: one warning line, and the run goes on
        Cli.Result past = Cli.run("traffic", "--topology", "hypercube:6", "--engine", "sequential", "--rates", "1.5", "--cycles", "300",
                "--drain", "300");
        assertEquals(0, past.exit(), past::toString);
        List<String> warnings = past.err().lines().filter(l -> l.startsWith("icn: warning:")).toList();
        assertEquals(1, warnings.size(), past.err());
        assertTrue(warnings.get(0).startsWith("icn: warning: λ_g=1.5 offers 48.00 flits/node/cycle, 48× what hypercube:6 can accept"),
                warnings.get(0));
        Cli.Result below = Cli.run("traffic", "--topology", "hypercube:6", "--engine", "sequential", "--rates", "0.02", "--cycles", "300");
        assertFalse(below.err().contains("warning"), below.err());
    }

    @Test
    void theTextTableSaysWhatWasMeasured() {
        Cli.Result r = Cli.run("traffic", "--topology", "torus:4,2", "--engine", "sequential", "--rates", "0.01:0.03:3", "--cycles", "1000",
                "--flits", "8");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains("Traffic on torus:4,2 (16 nodes): dimension-order routing"), r.out());
        assertTrue(r.out().contains("Model: none (002's model is of the regular necklace hypercube"), r.out());
        assertTrue(r.out().contains("every rate balances"), r.out());
        assertEquals(3, r.outLines().stream().filter(l -> l.matches("^0\\.0[123]\\s.*")).count(), r.out());
    }

    @Test
    void outWritesEveryReport() throws Exception {
        Path out = tmp.resolve("out");
        Cli.Result r = Cli.run("traffic", "--topology", "hypercube:4", "--routing", "e-cube", "--vcs", "2", "--engine", "sequential", "--rates",
                "0.01", "--cycles", "1000", "--flits", "8", "--out", out.toString());
        assertEquals(0, r.exit(), r::toString);
        List<Path> dirs;
        try (Stream<Path> s = Files.list(out)) {
            dirs = s.toList();
        }
        assertEquals(1, dirs.size());
        for (String f : List.of("result.json", "report.md", "points.csv", "messages.csv", "latency.png", "manifest.json")) {
            assertTrue(Files.size(dirs.get(0).resolve(f)) > 0, f);
        }
        assertTrue(dirs.get(0).getFileName().toString().matches("traffic-\\d{8}-\\d{6}"), dirs.toString());
        assertTrue(Files.exists(dirs.get(0).resolve("manifest.json")), "manifest");
    }

    /** Traffic classes and a mix of lengths from the command line (issue 32), and their one-line refusals. */
    @Test
    void classesAndLengthsFromTheCommandLine() {
        Cli.Result r = Cli.run("traffic", "--topology", "hypercube:4", "--engine", "sequential", "--rates", "0.004", "--cycles", "1000",
                "--class", "uniform@0.75", "--class", "hotspot:0.5@0.25@16", "--sizes", "2:0.5,8:0.5", "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode o = r.json();
        assertEquals("uniform@0.75@2:0.5+8:0.5;hotspot:0.5@0.25@16:1", o.get("mix").get("text").asText());
        assertEquals("mixed", o.get("pattern").asText(), "classes of two patterns: neither is the run's (issue 38)");
        assertEquals(16, o.get("flits").asInt(), "M: the longest message");
        assertEquals(0.75 * 5 + 0.25 * 16, o.get("meanFlits").asDouble(), 1e-9);
        assertEquals(3, o.get("points").get(0).get("latencyBySize").size());
        assertTrue(Cli.run("traffic", "--topology", "hypercube:4", "--engine", "sequential", "--rates", "0.004", "--cycles", "1000", "--json")
                .json().get("mix").isNull(), "no mix: null");
        for (List<String> bad : List.of(List.of("--class", "uniform@0.5"), List.of("--pattern", "uniform", "--class", "uniform@1"),
                List.of("--flits", "8", "--sizes", "8:1"), List.of("--sizes", "8"), List.of("--class", "tornado@1"))) {
            List<String> args = new java.util.ArrayList<>(List.of("traffic", "--topology", "hypercube:4", "--cycles", "1000"));
            args.addAll(bad);
            Cli.Result e = Cli.run(args.toArray(String[]::new));
            assertEquals(2, e.exit(), bad + ": " + e);
            assertEquals(1, e.err().strip().lines().count(), bad + ": " + e.err());
        }
    }

    /** Help prints whole (picocli formats descriptions: a stray % once broke every command's help). */
    @Test
    void helpNamesTheRoutingsAndTheOutputs() {
        Cli.Result r = Cli.run("traffic", "--help");
        assertEquals(0, r.exit(), r::toString);
        assertFalse(r.err().contains("WARN"), r.err());
        for (String word : List.of("--vcs", "--flits", "--rates", "--pattern", "--routing", "--buffer", "--warmup", "--cycles", "--engine",
                "--jvms", "--out", "--json", "hop-class", "updown", "three-phase", "95 % intervals")) {
            assertTrue(r.out().contains(word), word + " in\n" + r.out());
        }
        // the routings by kind come from the registries: issue 39's networks are listed without a help text naming them
        String flat = r.out().replaceAll("\\s+", " ");
        for (String listed : List.of("mesh: dimension-order, adaptive", "fattree: nca, nca-random", "dragonfly: minimal, valiant, ugal",
                "--pipeline", "--link-latency", "--speedup")) {
            assertTrue(flat.contains(listed), listed + " in\n" + r.out());
        }
        Cli.Result bench = Cli.run("bench", "traffic", "--help");
        assertEquals(0, bench.exit(), bench::toString);
        assertFalse(bench.err().contains("WARN"), bench.err());
        assertTrue(bench.out().contains("router-cycles per second"), bench.out());
    }

    @Test
    void badInputWritesNothing() {
        Path out = tmp.resolve("never");
        Cli.Result r = Cli.run("traffic", "--topology", "rnh:3,2", "--vcs", "1", "--out", out.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.exit(), r::toString);
        assertFalse(Files.exists(out), "nothing written");
        assertEquals(1, r.errLines().size(), r::toString);
    }

    /**
     * A timed fault list under load (a crash at step 300, a cut both ways at step 500, extra delay on the dimension links): the
     * report balances flits and messages and counts the undeliverable ones; a list that restores a link is refused in one line.
     */
    @Test
    void timedFaultsUnderLoadAreAccountedAndRestoresRefused() throws Exception {
        Path faults = tmp.resolve("faults.conf");
        Files.writeString(faults, """
                events = [
                  { at = 300, crash = "1010" }
                  { at = 500, cut = "0000", port = DIM1, both = true }
                ]
                extra-delay { dimension = 1 }
                """);
        Cli.Result r = Cli.run("traffic", "--topology", "hypercube:4", "--engine", "sequential", "--rates", "0.02", "--cycles", "1000",
                "--flits", "8", "--faults", faults.toString(), "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode p = r.json().get("points").get(0);
        assertTrue(p.get("accounting").get("balanced").asBoolean(), p::toString);
        assertTrue(p.get("messageAccounting").get("balanced").asBoolean(), p::toString);
        assertTrue(p.get("messageAccounting").get("undeliverable").asLong() > 0, p::toString);
        assertTrue(p.get("accounting").get("undeliverable").asLong() > 0, "flits of broken worms and of the crashed router: " + p);
        assertTrue(r.json().get("model").asText().startsWith("none"), "no model under faults");
        Path restoring = tmp.resolve("restore.conf");
        Files.writeString(restoring, "events = [ { at = 5, cut = \"0000\", port = DIM1, restore = 50 } ]\n");
        Cli.Result bad = Cli.run("traffic", "--topology", "hypercube:4", "--engine", "sequential", "--faults", restoring.toString());
        assertEquals(ExitCodes.BAD_INPUT, bad.exit(), bad::toString);
        assertEquals(1, bad.errLines().size(), bad::toString);
        assertTrue(bad.err().contains("do not restore links"), bad.err());
    }

    /** On the actor engine in this JVM, beside the sequential engine: the same messages at the same steps. */
    @Test
    void theBenchmarkComparesTheEnginesOnTheSameRun() {
        Cli.Result r = Cli.run("bench", "traffic", "--topology", "rnh:2,3", "--vcs", "4", "--flits", "8", "--cycles", "1000",
                "--repetitions", "1", "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode o = r.json();
        assertTrue(o.get("allSameAsSequential").asBoolean(), o::toString);
        assertEquals(4, o.get("runs").size(), "low and saturation, sequential and actor");
        for (JsonNode run : o.get("runs")) {
            assertTrue(run.get("routerCyclesPerSecond").asDouble() > 0);
        }
    }

    /** --jvms K moves a traffic scenario onto the node actors (here one JVM's worth of checking: K = 1 keeps the file's engine). */
    @Test
    void jvmsMovesATrafficScenarioOntoTheNodeActors() {
        icn.scenarios.TrafficScenario sc = (icn.scenarios.TrafficScenario) icn.scenarios.Scenario.load("necklace-latency");
        assertEquals(EngineKind.SEQUENTIAL, sc.engine());
        icn.scenarios.TrafficScenario three = sc.withJvms(3);
        assertEquals(EngineKind.ACTORS, three.engine());
        assertTrue(three.curves().stream().allMatch(c -> c.engine() == EngineKind.ACTORS && c.jvms() == 3));
        assertEquals(EngineKind.SEQUENTIAL, sc.withJvms(1).engine());
    }

    @Test
    void aTrafficScenarioRunsFromAFile() throws Exception {
        Path f = tmp.resolve("t.conf");
        Files.writeString(f, """
                name = small
                kind = traffic
                engine = sequential
                cycles = 1000
                panels = [ { name = a, topology = "rnh:2,3", vcs = 3, flits = [8, 16], loads = "0.02:0.06:3" } ]
                """);
        Path out = tmp.resolve("results");
        Cli.Result r = Cli.run("run", f.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains("(a) rnh:2,3 (16 nodes), adaptive, V=3, M=8, 16"), r.out());
        try (Stream<Path> s = Files.list(out)) {
            Path dir = s.findFirst().orElseThrow();
            assertTrue(Files.exists(dir.resolve("panel-a.png")));
            assertTrue(Files.exists(dir.resolve("points.csv")));
        }
    }
}
