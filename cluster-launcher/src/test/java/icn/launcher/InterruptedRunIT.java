package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code icn} process ended by a signal in the middle of its run: one line on stderr naming the results directory, the
 * shell's exit code for the signal, a manifest marked interrupted and a report of what had been done; on a local cluster no worker
 * JVM outlives it. SIGTERM is what {@link Process#destroy()} sends; SIGINT (Ctrl-C) goes through {@code kill -INT}, to a command
 * started through perl with SIGINT's default restored (a build run in the background ignores SIGINT, and children inherit that).
 */
class InterruptedRunIT {

    private static final Duration START_LIMIT = Duration.ofSeconds(90);
    private static final Duration END_LIMIT = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void sigtermDuringAFaultCurveMarksItsDirectory() throws Exception {
        Path out = tmp.resolve("out");
        try (IcnProcess p = IcnProcess.start(tmp, "-Xmx512m", "faults", "coverage", "--topology", "scc:6", "--max-faults", "8",
                "--seeds", "400", "--engine", "sequential", "--out", out.toString())) {
            awaitLine(p, l -> l.contains("] 2 of "));
            p.process().destroy(); // SIGTERM
            assertTrue(p.waitFor(END_LIMIT), p::describe);
            assertEquals(143, p.exitValue(), p::describe);
            assertInterrupted(p, out, "SIGTERM", 143);
            String report = Files.readString(Cli.resultsDir(out).resolve("report.md"));
            assertTrue(report.contains("Measured before the interruption: `measured-so-far/coverage.csv`"), report);
            assertTrue(Files.readAllLines(Cli.resultsDir(out).resolve("measured-so-far").resolve("coverage.csv")).size() >= 2,
                    "the header and at least the first point, measured before the signal");
        }
    }

    /** A traffic sweep's rates measured before the signal are kept too: the command hands its experiment where rows go. */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void sigtermDuringATrafficSweepKeepsTheRatesMeasured() throws Exception {
        Path out = tmp.resolve("out");
        try (IcnProcess p = IcnProcess.start(tmp, "-Xmx512m", "traffic", "--topology", "hypercube:6", "--rates",
                "0.001,0.002,0.003,0.004,0.005,0.006,0.007,0.008,0.009,0.01,0.011,0.012", "--cycles", "20000", "--engine", "sequential",
                "--out", out.toString())) {
            awaitLine(p, l -> l.contains("] 5 of "));
            p.process().destroy(); // SIGTERM
            assertTrue(p.waitFor(END_LIMIT), p::describe);
            assertEquals(143, p.exitValue(), p::describe);
            assertInterrupted(p, out, "SIGTERM", 143);
            assertTrue(Files.readAllLines(Cli.resultsDir(out).resolve("measured-so-far").resolve("traffic.csv")).size() >= 2,
                    "the header and at least the first rate, measured before the signal");
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void sigintDuringARunOnThreeJvmsMarksItsDirectoryAndStopsTheWorkers() throws Exception {
        Path out = tmp.resolve("out");
        // a build run in the background starts with SIGINT ignored, which children inherit: perl restores its default before the
        // command starts (perl-base is in every Debian), as a terminal's Ctrl-C would find it
        try (IcnProcess p = IcnProcess.start(tmp, java.util.Map.of(), List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die"),
                List.of("-Xmx384m"), "run", "--jvms", "3", "--out", out.toString())) {
            awaitLine(p, l -> l.contains("] 1 of "));
            Thread.sleep(500); // past the JVM's start, where its signal handlers are installed
            new ProcessBuilder("kill", "-INT", Long.toString(p.process().pid())).inheritIO().start().waitFor();
            assertTrue(p.waitFor(END_LIMIT), () -> "SIGINT did not end the process: " + p.describe());
            assertEquals(130, p.exitValue(), p::describe);
            assertInterrupted(p, out, "SIGINT", 130);
            assertEquals(List.of(), p.survivingDescendants(Duration.ofSeconds(15)), "worker JVMs that outlived the command");
        }
    }

    private static void awaitLine(IcnProcess p, Predicate<String> line) throws InterruptedException {
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (p.errLines().stream().noneMatch(line)) {
            assertTrue(p.process().isAlive(), () -> "ended before it was interrupted: " + p.describe());
            assertTrue(System.nanoTime() < deadline, () -> "no such progress line in " + START_LIMIT + ": " + p.describe());
            Thread.sleep(100);
        }
    }

    private static void assertInterrupted(IcnProcess p, Path out, String signal, int exitCode) throws Exception {
        Path dir = Cli.resultsDir(out);
        List<String> lines = p.errLinesWithoutProgress();
        List<String> interrupted = lines.stream().filter(l -> l.startsWith("icn: interrupted")).toList();
        assertEquals(1, interrupted.size(), p::describe);
        assertEquals(interrupted.get(0), lines.get(lines.size() - 1), () -> "the last line on stderr: " + p.describe());
        assertTrue(interrupted.get(0).matches("icn: interrupted \\(" + signal + "\\) after \\d+\\.\\d s; .+ is marked interrupted"),
                interrupted.get(0));
        assertTrue(interrupted.get(0).contains(dir.toString()), () -> dir + ": " + interrupted.get(0));
        assertEquals("", p.out(), "nothing on stdout");
        JsonNode manifest = Cli.JSON.readTree(Files.readString(dir.resolve("manifest.json")));
        assertEquals("interrupted", manifest.path("status").asText(), manifest.toString());
        assertEquals(signal, manifest.path("signal").asText());
        assertEquals(exitCode, manifest.path("exitCode").asInt());
        assertTrue(manifest.path("ended").isTextual(), manifest.toString());
        String report = Files.readString(dir.resolve("report.md"));
        assertTrue(report.contains("Interrupted by " + signal + " after"), report);
        assertTrue(report.contains("] 1 of "), () -> "the progress until then: " + report);
    }
}
