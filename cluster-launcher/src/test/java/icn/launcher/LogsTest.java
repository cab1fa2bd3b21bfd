package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.launcher.cluster.LocalWorkers;
import icn.launcher.output.Logs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Where {@link LogConfiguration} and {@link Logs} send Akka's lines and ours: the terminal shows errors and our warnings, the log file the rest. */
class LogsTest {

    // the names Akka's loggers have (akka-slf4j logs under the class name)
    private static final Logger AKKA_CLUSTER = LoggerFactory.getLogger("akka.cluster.Cluster");
    private static final Logger AKKA_HEARTBEAT = LoggerFactory.getLogger("akka.cluster.ClusterHeartbeat");
    private static final Logger ICN = LoggerFactory.getLogger("icn.launcher.LogsTest");

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream realErr;

    @BeforeEach
    void captureStderr() {
        Logs.reset();
        realErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setErr(realErr);
        Logs.reset();
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void akkasWarningsGoToTheLogFileAndNotToTheTerminal() throws IOException {
        AKKA_HEARTBEAT.warn("Scheduled sending of heartbeat was delayed (logged before the results directory was known)");
        Path log = tmp.resolve("results").resolve("icn.log");
        Logs.toFile(log);
        AKKA_CLUSTER.warn("Cluster Node [akka://icn@127.0.0.1:1] - Marking node as UNREACHABLE [Member(akka://icn@127.0.0.1:2, Up)].");
        String file = Files.readString(log);
        String terminal = stderr();
        assertAll("stderr:\n" + terminal + "\nicn.log:\n" + file,
                () -> assertTrue(file.contains("WARN  akka.cluster.Cluster - Cluster Node [akka://icn@127.0.0.1:1] - Marking node as UNREACHABLE"),
                        "the warning is in the log file, formatted as on stderr before"),
                () -> assertTrue(file.indexOf("heartbeat was delayed") >= 0 && file.indexOf("heartbeat was delayed") < file.indexOf("UNREACHABLE"),
                        "the line held before the file was known comes first"),
                () -> assertTrue(LocalWorkers.HEALTH_WARNING.matcher(file.lines().filter(l -> l.contains("UNREACHABLE")).findFirst().orElseThrow())
                        .matches(), "the coordinator's health scan still recognises the line"),
                () -> assertFalse(terminal.contains("UNREACHABLE"), "not on stderr"),
                () -> assertFalse(terminal.contains("heartbeat"), "the held line not on stderr either"));
    }

    @Test
    void errorsAndOurOwnWarningsStillReachTheTerminal() throws IOException {
        Path log = tmp.resolve("icn.log");
        Logs.toFile(log);
        AKKA_CLUSTER.error("Cluster Node [akka://icn@127.0.0.1:1] - Shutting down myself");
        ICN.warn("the results directory is on a full disk");
        ICN.info("an info line of ours");
        String file = Files.readString(log);
        String terminal = stderr();
        assertAll("stderr:\n" + terminal + "\nicn.log:\n" + file,
                () -> assertTrue(terminal.contains("ERROR akka.cluster.Cluster - Cluster Node [akka://icn@127.0.0.1:1] - Shutting down myself"),
                        "Akka's error on stderr"),
                () -> assertTrue(terminal.contains("WARN  icn.launcher.LogsTest - the results directory is on a full disk"), "our warning on stderr"),
                () -> assertTrue(file.contains("Shutting down myself") && file.contains("full disk"), "both in the file too"),
                () -> assertFalse(terminal.contains("an info line") || file.contains("an info line"), "INFO below the root level (WARN)"));
    }

    @Test
    void beforeTheFileIsKnownAkkasWarningsAreHeldNotShown() {
        AKKA_CLUSTER.warn("Marking node as UNREACHABLE [Member(akka://icn@127.0.0.1:2, Up)].");
        AKKA_CLUSTER.error("an error of Akka's");
        assertAll(stderr(),
                () -> assertFalse(stderr().contains("UNREACHABLE"), "Akka's warning not on stderr"),
                () -> assertTrue(stderr().contains("an error of Akka's"), "Akka's error on stderr"));
    }

    @Test
    void verboseShowsEverythingOnStderrAsBefore() {
        AKKA_HEARTBEAT.warn("Scheduled sending of heartbeat was delayed (held)");
        Logs.verbose();
        AKKA_CLUSTER.warn("Marking node as UNREACHABLE [Member(akka://icn@127.0.0.1:2, Up)].");
        String terminal = stderr();
        assertAll(terminal,
                () -> assertTrue(terminal.contains("WARN  akka.cluster.Cluster - Marking node as UNREACHABLE"), "Akka's warning on stderr"),
                () -> assertTrue(terminal.contains("heartbeat was delayed (held)"), "the line held before --verbose was seen shown too"),
                () -> assertTrue(terminal.indexOf("heartbeat") < terminal.indexOf("UNREACHABLE"), "in the order logged"));
    }

    @Test
    void verboseWithAFileWritesBoth() throws IOException {
        Path log = tmp.resolve("icn.log");
        Logs.toFile(log);
        Logs.verbose();
        AKKA_CLUSTER.warn("Marking node as UNREACHABLE [Member(akka://icn@127.0.0.1:2, Up)].");
        assertTrue(stderr().contains("UNREACHABLE"), stderr());
        assertTrue(Files.readString(log).contains("UNREACHABLE"), "the file has it too");
    }

    @Test
    void aSecondFileTakesOverFromTheFirst() throws IOException {
        Path first = tmp.resolve("a").resolve("icn.log");
        Path second = tmp.resolve("b").resolve("icn.log");
        Logs.toFile(first);
        AKKA_CLUSTER.warn("one");
        Logs.toFile(second);
        AKKA_CLUSTER.warn("two");
        assertAll(() -> assertTrue(Files.readString(first).contains("one") && !Files.readString(first).contains("two"), "first"),
                () -> assertTrue(Files.readString(second).contains("two") && !Files.readString(second).contains("one"), "second"));
    }
}
