package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real artifact: {@code java -jar cluster-launcher/target/icn.jar ...} as a separate process (failsafe, after the package
 * phase has built the shaded jar; its path comes in the system property {@code icn.jar}).
 */
class IcnJarIT {

    private static final long TIMEOUT_SECONDS = 90;

    private static Path jar;

    @TempDir
    Path tmp;

    record Run(int exit, String out, List<String> errLines, List<String> slf4jLines) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + String.join("\n", errLines)
                    + (slf4jLines.isEmpty() ? "" : "\n" + String.join("\n", slf4jLines));
        }
    }

    @BeforeAll
    static void findJar() {
        jar = IcnProcess.jar();
    }

    /** Runs the jar as plain {@code java -jar} with a time limit; the process is destroyed in every case. */
    private Run icn(String... args) throws IOException, InterruptedException {
        return run(false, args);
    }

    /**
     * Runs the jar as the other cluster tests start theirs ({@link IcnProcess#start}: the class-data archive, ./icn's collector and huge
     * pages, C1 only, for the command and the worker JVMs it starts): a three-JVM run costs less than half the CPU of plain JVMs, and
     * the plain jar is what the single-JVM tests here run.
     */
    private Run cluster(String... args) throws IOException, InterruptedException {
        return run(true, args);
    }

    private Run run(boolean quick, String... args) throws IOException, InterruptedException {
        return withHeap(quick, "512m", args);
    }

    private Run withHeap(boolean quick, String heap, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (quick) {
            command.addAll(IcnProcess.classDataOptions());
            command.addAll(IcnProcess.launcherOptions(List.of()));
        }
        command.add("-Xmx" + heap);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(tmp, "stdout", ".txt");
        Path err = Files.createTempFile(tmp, "stderr", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(tmp.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullFile()));
        builder.environment().remove("ICN_DEBUG");
        if (quick) {
            IcnProcess.c1Only(builder.environment());
        }
        Process process = builder.start();
        try {
            boolean finished = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertTrue(finished, () -> "icn " + String.join(" ", args) + " finished within " + TIMEOUT_SECONDS + " s");
            List<String> errLines = new ArrayList<>();
            List<String> slf4j = new ArrayList<>();
            for (String line : Cli.lines(Files.readString(err, StandardCharsets.UTF_8))) {
                if (quick && IcnProcess.isJvmNote(line)) {
                    continue; // the JVM's note of the C1 option, not icn's output
                }
                (line.startsWith("SLF4J:") ? slf4j : errLines).add(line);
            }
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), errLines, slf4j);
        } finally {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** SLF4J's own start-up notes are not icn's output: they are left out of the checks above, but shown in the test log. */
    private static void reportSlf4j(Run r) {
        if (!r.slf4jLines().isEmpty()) {
            System.err.println("IcnJarIT: the jar printed SLF4J lines on stderr (ignored by the checks):");
            r.slf4jLines().forEach(line -> System.err.println("  " + line));
        }
    }

    private static java.io.File nullFile() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    @Test
    void broadcastJsonOnTheActorEngine() throws Exception {
        Run r = icn("broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--json");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(1, Cli.lines(r.out()).size(), () -> "one line on stdout: " + r);
        JsonNode j = Cli.JSON.readTree(r.out());
        assertTrue(j.isObject(), r::toString);
        // the default engine is the actor engine: an ActorSystem started from the jar's merged reference.conf and ran the nodes
        assertEquals("actor", j.get("engine").asText(), r::toString);
        BroadcastJsonTest.assertContract(j, 4, "one-port", 1, "<2,1234>", "actor", 1);
        // Theorem 9 for n = 4 by hand: ⌊6/2⌋·⌊9/2⌋ = 3·4 = 12 steps, 3·4! = 72 nodes informed
        assertEquals(12, j.get("steps").asLong());
        assertEquals(72, j.get("informed").asLong());
        reportSlf4j(r);
    }

    /** 000 §6 distributed routing across three JVMs: every packet, routed node by node, walks the route the source would compute. */
    @Test
    void distributedGreedyRoutingOnThreeJvmsTakesTheSourceRoutes() throws Exception {
        Run r = cluster("route", "--topology", "scc:5", "--algorithm", "greedy", "--mode", "distributed", "--sweep", "to-identity", "--jvms", "3",
                "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode j = Cli.JSON.readTree(r.out());
        assertAll(r.toString(),
                () -> assertEquals(3, j.get("jvms").asInt()),
                () -> assertEquals(480, j.get("routes").asInt(), "one packet per node of SCC_5"),
                () -> assertTrue(j.get("allDelivered").asBoolean()),
                () -> assertEquals(0, j.get("invalidHops").asLong()),
                () -> assertTrue(j.get("matchesPureRoutes").asBoolean(), "every walk equals the pure greedy route"),
                () -> assertEquals(0, j.get("bfs").get("belowBfs").asLong()));
    }

    /** Another paper's network on three JVMs measures what the sequential engine measures, and what BFS says it must. */
    @Test
    void floodingOnCrAcrossThreeJvmsEqualsTheSequentialRun() throws Exception {
        int n = 6;
        Run actors = cluster("broadcast", "--topology", "cr:" + n, "--algorithm", "flooding", "--jvms", "3", "--partitioning", "round-robin", "--json");
        Run sequential = icn("broadcast", "--topology", "cr:" + n, "--algorithm", "flooding", "--engine", "sequential", "--json");
        assertEquals(0, actors.exit(), actors::toString);
        assertEquals(0, sequential.exit(), sequential::toString);
        JsonNode a = Cli.JSON.readTree(actors.out());
        JsonNode s = Cli.JSON.readTree(sequential.out());
        assertAll(actors.toString(),
                () -> assertEquals(3, a.get("jvms").asInt()),
                () -> assertEquals((long) n << n, a.get("informed").asLong(), "n·2^n nodes informed"),
                () -> assertEquals(a.get("bfs").get("eccentricity").asLong(), a.get("fullCoverageStep").asLong(), "multi-port = eccentricity"),
                // CR_n is a Cayley graph: every node's eccentricity is the diameter, n+1 by 003 Theorem 3.3
                () -> assertEquals(n + 1, a.get("fullCoverageStep").asLong(), "multi-port = 003 Theorem 3.3's n+1"),
                () -> assertEquals(n + 1, a.get("bfs").get("eccentricity").asLong(), "BFS eccentricity = 003 Theorem 3.3's n+1"),
                () -> assertEquals(s.get("linkMessages").get("f"), a.get("linkMessages").get("f"), "f-edge messages"),
                () -> assertEquals(s.get("linkMessages").get("g"), a.get("linkMessages").get("g"), "g-edge messages"),
                () -> assertEquals(0, s.get("linkMessages").get("crossJvm").get("g").asLong(), "nothing crosses JVMs sequentially"),
                () -> assertTrue(a.get("linkMessages").get("crossJvm").get("f").asLong() > 0
                        && a.get("linkMessages").get("crossJvm").get("g").asLong() > 0, "f and g messages crossed JVMs: " + a.get("linkMessages")),
                () -> assertEquals(s.get("perStepInformed"), a.get("perStepInformed"), "informed after every step"),
                () -> assertEquals(s.get("fullCoverageStep"), a.get("fullCoverageStep")));
    }

    @Test
    void nOutOfRangeIsOneLineAndExitCode2() throws Exception {
        Run r = icn("broadcast", "--topology", "scc:2", "--algorithm", "one-port");
        assertAll(r.toString(),
                () -> assertEquals(2, r.exit(), "exit code"),
                () -> assertEquals("", r.out(), "stdout"),
                () -> assertEquals(1, r.errLines().size(), "one line on stderr"),
                () -> assertTrue(r.errLines().get(0).startsWith("icn: ") && r.errLines().get(0).contains("scc:2"), "names the problem"));
        reportSlf4j(r);
    }

    /**
     * On a heap too small even for SCC_10's neighbour table (130 MB), the heap estimate still refuses the network in one line (the
     * table is built when first asked, not when the network is parsed); and a command that does need the table ends with one line
     * about the heap, not with the JVM's stack trace.
     */
    @Test
    void aSmallHeapGetsOneLineNotAStackTrace() throws Exception {
        Run refused = withHeap(false, "96m", "broadcast", "--topology", "scc:10", "--algorithm", "one-port");
        assertAll(refused.toString(),
                () -> assertEquals(2, refused.exit(), "exit code"),
                () -> assertEquals("", refused.out(), "stdout"),
                () -> assertEquals(1, refused.errLines().size(), "one line on stderr"),
                () -> assertTrue(refused.errLines().get(0).startsWith("icn: scc:10 needs about"), "the estimate's refusal"));
        Run census = withHeap(false, "96m", "topology", "--topology", "scc:10");
        assertAll(census.toString(),
                () -> assertEquals(1, census.exit(), "exit code"),
                () -> assertEquals(1, census.errLines().size(), "one line on stderr"),
                () -> assertTrue(census.errLines().get(0).startsWith("icn: out of heap (-Xmx 0.1 GiB): run with a larger ICN_HEAP"),
                        "names the heap"));
    }

    @Test
    void helpFromTheJar() throws Exception {
        Run r = icn("--help");
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit()),
                () -> assertTrue(r.out().startsWith("Usage: icn ")),
                () -> assertTrue(r.errLines().isEmpty()));
    }

    /** The shade plugin must append every module's reference.conf (Akka's and icn's), not keep one of them. */
    @Test
    void mergedReferenceConf() throws IOException {
        String text;
        String application;
        try (JarFile file = new JarFile(jar.toFile())) {
            text = read(file, "reference.conf");
            application = read(file, "application.conf");
            assertEquals("icn.launcher.cli.Icn", file.getManifest().getMainAttributes().getValue("Main-Class"));
        }
        Config reference = ConfigFactory.parseString(text).resolve();
        Config app = ConfigFactory.parseString(application);
        assertAll(
                () -> assertTrue(reference.hasPath("akka.version"), "akka-actor"),
                () -> assertTrue(reference.hasPath("akka.actor.typed"), "akka-actor-typed"),
                () -> assertTrue(reference.hasPath("akka.remote.artery.canonical.port"), "akka-remote"),
                () -> assertTrue(reference.hasPath("akka.cluster.min-nr-of-members"), "akka-cluster"),
                () -> assertEquals("icn.protocols.wire.KryoSerializer", reference.getString("akka.actor.serializers.icn-kryo"), "icn protocols"),
                () -> assertEquals("off", app.getString("akka.actor.allow-java-serialization"), "application.conf"));
    }

    private static String read(JarFile file, String name) throws IOException {
        ZipEntry entry = file.getEntry(name);
        assertNotNull(entry, name + " in " + file.getName());
        try (InputStream in = file.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
