package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.output.Console;
import icn.launcher.output.Logs;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.launcher.output.Session;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the shutdown hook does to a results directory when Ctrl-C or SIGTERM ends the process before its command ended
 * ({@link Results#interrupted}, called here directly; {@code InterruptedRunIT} sends the signals to a real process): the manifest
 * says interrupted, with the signal and the exit code, report.md what had been done, and the stderr line names the directory.
 */
class InterruptedRunTest {

    @TempDir
    Path tmp;

    @AfterEach
    void quiet() {
        Logs.reset();
    }

    private Results.Options options() {
        return new Results.Options(tmp, 5, false);
    }

    private static JsonNode manifest(Results r) throws Exception {
        return Cli.JSON.readTree(Files.readString(r.dir().resolve("manifest.json")));
    }

    @Test
    void anInterruptedRunIsMarkedWithWhatItHadDone() throws Exception {
        Session session = Session.of(new Console(System.out, System.err, false), List.of("faults", "coverage", "--topology", "scc:4"));
        session.command("icn faults coverage");
        Results r = Results.open(session, options(), 1);
        assertEquals("running", manifest(r).get("status").asText(), "from the start");
        Progress progress = new Progress(session, false, new PrintStream(OutputStream.nullOutputStream()), false, System::nanoTime);
        progress.item(1, 3, "scc:4 one-port, 0 random node fault(s), 100 seeds");
        progress.item(2, 3, "scc:4 one-port, 1 random node fault(s), 100 seeds");
        Files.writeString(r.dir().resolve("coverage.csv"), "topology,faults\nscc:4,0\n");
        session.measured("coverage.csv", "topology,algorithm,faults,mean_live_coverage", "scc:4,one-port,0,1.000000");
        // a report being put together beside the directory, as ReportWriter and Reproduction do
        Path making = Files.createDirectory(tmp.resolve("." + r.name() + ".tmp-123"));
        Files.writeString(making.resolve("table.csv"), "a\n1\n");

        String line = session.interrupted("SIGINT", 130);

        assertTrue(line.startsWith("icn: interrupted (SIGINT) after "), line);
        assertTrue(line.contains(r.dir().toString()) && line.endsWith(" marked interrupted"), line);
        assertEquals(1, line.lines().count(), line);
        JsonNode m = manifest(r);
        assertEquals("interrupted", m.get("status").asText(), m.toString());
        assertEquals("SIGINT", m.get("signal").asText());
        assertEquals(130, m.get("exitCode").asInt());
        assertTrue(m.get("started").asText().compareTo(m.get("ended").asText()) <= 0, m.toString());
        String report = Files.readString(r.dir().resolve("report.md"));
        assertTrue(report.startsWith("# icn faults coverage: interrupted\n"), report);
        for (String says : new String[] {"Interrupted by SIGINT after", "`coverage.csv` (", "`manifest.json` (", "`unfinished/`",
                "2 of 3 · scc:4 one-port, 1 random node fault(s), 100 seeds", "Exit code 130",
                "Measured before the interruption: `measured-so-far/coverage.csv`, 1 row(s)", "scc:4,one-port,0,1.000000"}) {
            assertTrue(report.contains(says), says + " in\n" + report);
        }
        assertTrue(Files.exists(r.dir().resolve("unfinished").resolve("table.csv")), "what was being put together moved in");
        assertFalse(Files.exists(making));
        assertFalse(Files.exists(r.dir().resolve("result.json")), "no result: the run had none");

        // the command, still running while the process ends, fails as its machines stop: the mark stays
        String marked = Files.readString(r.dir().resolve("manifest.json"));
        session.failed("member akka://icn@127.0.0.1:1234 was lost");
        session.endOpen(ExitCodes.RUN_FAILED);
        assertEquals(marked, Files.readString(r.dir().resolve("manifest.json")));
        assertFalse(session.interrupted("SIGINT", 130).contains(r.dir().toString()), "marked once");
    }

    @Test
    void aCommandThatHadWrittenItsReportGetsAClosingSection() throws Exception {
        Session session = Session.of(new Console(System.out, System.err, false), List.of("traffic", "--topology", "hypercube:4"));
        session.command("icn traffic");
        Results r = Results.open(session, options(), 1);
        Files.writeString(r.dir().resolve("report.md"), "# Traffic on hypercube:4\n\nthe table\n");

        String line = session.interrupted("SIGTERM", 143);

        assertTrue(line.startsWith("icn: interrupted (SIGTERM) after ") && line.contains(r.dir().toString()), line);
        String report = Files.readString(r.dir().resolve("report.md"));
        assertTrue(report.startsWith("# Traffic on hypercube:4\n\nthe table\n"), report);
        assertTrue(report.contains("\n## Interrupted\n\nInterrupted by SIGTERM after "), report);
        assertEquals(143, manifest(r).get("exitCode").asInt());
    }

    @Test
    void aRunThatEndedIsLeftAsItEnded() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream both = new PrintStream(out, true, StandardCharsets.UTF_8);
        Session session = Session.of(new Console(both, both, false), List.of("topology", "--topology", "scc:4"));
        session.command("icn topology");
        Results r = Results.open(session, options(), 1);
        {
            session.measured("runs.csv", "topology", "scc:4");
            assertTrue(Files.exists(r.dir().resolve("measured-so-far").resolve("runs.csv")), "kept while it runs");
            r.finish(Cli.JSON.readTree("{\"a\":1}"), "a 1\n", 0);
            assertFalse(Files.exists(r.dir().resolve("measured-so-far")), "a command that ended wrote its whole results instead");
            session.measured("runs.csv", "topology", "scc:5");
            assertFalse(Files.exists(r.dir().resolve("measured-so-far")), "and keeps no rows after its end");
        }
        String ended = Files.readString(r.dir().resolve("manifest.json"));

        String line = session.interrupted("SIGTERM", 143);

        assertFalse(line.contains(r.dir().toString()), line);
        assertEquals(ended, Files.readString(r.dir().resolve("manifest.json")));
        JsonNode m = manifest(r);
        assertEquals("ended", m.get("status").asText());
        assertEquals(0, m.get("exitCode").asInt());
        assertFalse(m.has("signal"), m.toString());
        assertFalse(Files.readString(r.dir().resolve("report.md")).contains("nterrupted"));
    }

    @Test
    void withoutADirectoryTheLineSaysOnlyWhen() {
        Session session = Session.of(new Console(System.out, System.err, false), List.of("run"));
        String line = session.interruptedLine("SIGINT");
        assertTrue(line.matches("icn: interrupted \\(SIGINT\\) after \\d+\\.\\d s"), line);
        assertTrue(session.interruptedLine(null).matches("icn: interrupted after \\d+\\.\\d s"));
    }
}
