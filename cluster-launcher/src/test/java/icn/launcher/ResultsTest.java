package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.output.Logs;
import icn.launcher.output.Console;
import icn.launcher.output.Results;
import icn.launcher.output.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results directory of a command that could not finish: its manifest and report say so, and why. */
class ResultsTest {

    @TempDir
    Path tmp;

    @AfterEach
    void quiet() {
        Logs.reset();
    }

    private Results.Options options() {
        return new Results.Options(tmp, 3, false);
    }

    @Test
    void aFailedRunEndsWithItsReasonInTheManifestAndTheReport() throws Exception {
        Session session = Session.of(new Console(System.out, System.err, false), java.util.List.of());
        session.command("icn broadcast");
        Results r = Results.open(session, options(), 3);
        JsonNode started = Cli.JSON.readTree(Files.readString(r.dir().resolve("manifest.json")));
        assertTrue(started.get("ended").isNull(), "the manifest is there from the start: " + started);
        assertTrue(started.get("exitCode").isNull(), started.toString());

        session.failed("member akka://icn@127.0.0.1:1234 was lost");
        session.endOpen(ExitCodes.RUN_FAILED);

        JsonNode m = Cli.JSON.readTree(Files.readString(r.dir().resolve("manifest.json")));
        assertEquals(1, m.get("exitCode").asInt());
        assertFalse(m.get("ended").isNull());
        assertEquals("member akka://icn@127.0.0.1:1234 was lost", m.get("failure").asText());
        assertEquals(3, m.get("jvms").asInt());
        String report = Files.readString(r.dir().resolve("report.md"));
        assertTrue(report.contains("did not finish") && report.contains("was lost"), report);
        assertFalse(Files.exists(r.dir().resolve("result.json")), "no result: the run had none");
    }

    @Test
    void aFinishedRunIsNotEndedTwice() throws Exception {
        Session session = Session.of(new Console(System.out, System.err, false), java.util.List.of());
        session.command("icn topology");
        Results r = Results.open(session, options(), 1);
        r.finish(Cli.JSON.readTree("{\"a\":1}"), "a 1\n", 0);
        String after = Files.readString(r.dir().resolve("manifest.json"));
        session.failed("not this one");
        session.endOpen(2);
        assertEquals(after, Files.readString(r.dir().resolve("manifest.json")), "finish ended it; a later end changes nothing");
    }
}
