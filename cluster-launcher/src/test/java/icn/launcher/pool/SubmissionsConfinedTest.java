package icn.launcher.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import icn.launcher.ExitCodes;
import icn.launcher.cli.Icn;
import icn.launcher.cluster.Engines;
import icn.protocols.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 36, "a submission names only what it sent": each attack seen on a standing cluster's head, made on {@link Submissions} as
 * the API hands it a request, and refused. The head's command is the launcher's own {@code Icn.execute}, in this JVM.
 */
class SubmissionsConfinedTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** What a file only the head's user may read holds; nothing a submitter gets may carry it. */
    private static final String SECRET = "tls-password-of-the-head";

    @TempDir
    Path tmp;

    private final AtomicInteger ran = new AtomicInteger();
    private final List<List<String>> executed = Collections.synchronizedList(new ArrayList<>());
    private Submissions submissions;

    private Submissions submissions() throws Exception {
        submissions = new Submissions(Icn::refuseUnparsable, () -> List.of("w1"), new FakeJobs((console, args) -> {
            ran.incrementAndGet();
            executed.add(args);
            return Icn.execute(new icn.launcher.cluster.CommandContext(icn.launcher.output.Session.of(console, args),
                    icn.launcher.cluster.Engines.thisMachine()), args.toArray(String[]::new));
        }), JSON::createObjectNode, Files.createDirectories(tmp.resolve("runs")), Head.Retention.DEFAULT, line -> { });
        return submissions;
    }

    @AfterEach
    void close() {
        if (submissions != null) {
            submissions.close();
        }
    }

    private Path secret() throws Exception {
        Path file = Files.writeString(tmp.resolve("head-only.txt"), "password " + SECRET + " x\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    private static Submission ended(Submission s) throws InterruptedException {
        for (int i = 0; i < 600 && !s.ended(); i++) {
            Thread.sleep(100);
        }
        assertTrue(s.ended(), "the submission ended");
        return s;
    }

    /** Every event of {@code s} and its description, as one text to search. */
    private static String everything(Submission s) throws InterruptedException {
        return String.join("\n", s.eventsFrom(0, 0)) + "\n" + s.describe();
    }

    private InvalidInputException refused(List<String> args, List<Upload> uploads) throws Exception {
        Submissions subs = submissions == null ? submissions() : submissions;
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> subs.submit(args, uploads), args::toString);
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertFalse(e.getMessage().contains(tmp.resolve("runs").toString()), "no path of the head's: " + e.getMessage());
        assertEquals(0, ran.get(), "nothing ran");
        return e;
    }

    /** Process control, benchmarks and help are no experiments: refused at submission, whatever follows them. */
    @ParameterizedTest
    @ValueSource(strings = {"cluster stop", "cluster start --workers 2", "worker --join 127.0.0.1:2552", "coordinator", "bench",
            "bench start", "help", "--help", "-V", "--cluster 127.0.0.1:8080 cluster stop"})
    void aCommandThatIsNoExperimentIsRefused(String line) throws Exception {
        InvalidInputException e = refused(List.of(line.split(" ")), List.of());
        assertTrue(e.getMessage().contains("cannot be submitted"), e.getMessage());
        try (Stream<Path> runs = Files.list(tmp.resolve("runs"))) {
            assertEquals(0, runs.count(), "no directory made for it");
        }
    }

    /** Upload paths that name no file answered 500 with the head's paths: now bad input, in one line. */
    @ParameterizedTest
    @ValueSource(strings = {"/", "", " ", "..", "a/..", ".", "x\u0000y"})
    void anUploadPathThatNamesNoFileIsRefused(String given) throws Exception {
        InvalidInputException e = refused(List.of("topology", "--topology", "scc:4"), List.of(new Upload(given, new byte[] {1})));
        assertTrue(e.getMessage().contains("not the path of a file"), e.getMessage());
        try (Stream<Path> runs = Files.list(tmp.resolve("runs"))) {
            assertEquals(0, runs.count(), "nothing written");
        }
    }

    /** A name longer than a file system holds failed when written (500): now bad input too. */
    @Test
    void anUploadNameTooLongForAFileIsRefused() throws Exception {
        InvalidInputException e = refused(List.of("run", "x.conf"), List.of(new Upload("d/" + "x".repeat(SubmissionChecks.MAX_NAME + 1),
                new byte[] {1})));
        assertTrue(e.getMessage().contains("not the path of a file"), e.getMessage());
    }

    /** The caps the API relies on: arguments, their length, files, their bytes. */
    @Test
    void tooManyOrTooLongArgumentsAndFilesAreRefused() throws Exception {
        List<String> many = new ArrayList<>(List.of("topology", "--topology", "scc:4"));
        while (many.size() <= SubmissionChecks.MAX_ARGS) {
            many.add("--json");
        }
        assertTrue(refused(many, List.of()).getMessage().contains("at most " + SubmissionChecks.MAX_ARGS + " arguments"));
        String longWord = "scc:4" + " ".repeat(SubmissionChecks.MAX_ARG_CHARS);
        assertTrue(refused(List.of("topology", "--topology", longWord), List.of()).getMessage().contains("argument 3 is longer"));
        List<Upload> files = new ArrayList<>();
        for (int k = 0; k <= SubmissionChecks.MAX_FILES; k++) {
            files.add(new Upload("f" + k + ".txt", new byte[0]));
        }
        assertTrue(refused(List.of("topology"), files).getMessage().contains("at most " + SubmissionChecks.MAX_FILES + " files"));
        byte[] half = new byte[(int) (SubmissionChecks.MAX_FILE_BYTES / 2) + 1];
        assertTrue(refused(List.of("topology"), List.of(new Upload("a.txt", half), new Upload("b.txt", half))).getMessage()
                .contains("MiB of files"));
    }

    /**
     * {@code --topology file:PATH} of a file only the head's user can read: its first line came back in the error. Now a network
     * the submission did not send is refused at submission, naming only what the submitter wrote.
     */
    @Test
    void aNetworkFileTheSubmissionDidNotSendIsRefused() throws Exception {
        Path secret = secret();
        for (List<String> args : List.of(List.of("topology", "--topology", "file:" + secret), List.of("topology", "--topology=file:" + secret),
                List.of("broadcast", "--topology", "scc:4,file:" + secret), List.of("topology", "--topology", "file:head-only.txt"))) {
            InvalidInputException e = refused(args, List.of());
            assertTrue(e.getMessage().contains("reads a network only from a file sent with it"), e.getMessage());
            assertFalse(e.getMessage().contains(SECRET), e.getMessage());
        }
    }

    /** Nor any other path of the head's: a scenario, a fault list, named absolutely or by climbing out. */
    @Test
    void aPathTheSubmissionDidNotSendIsRefused() throws Exception {
        Path secret = secret();
        for (List<String> args : List.of(List.of("run", secret.toString()), List.of("broadcast", "--faults=" + secret),
                List.of("run", "../../etc/icn.conf"), List.of("run", tmp.resolve("no-such.conf").toString()))) {
            InvalidInputException e = refused(args, List.of());
            assertTrue(e.getMessage().contains("was not sent with the submission"), e.getMessage());
            assertFalse(e.getMessage().contains(SECRET), e.getMessage());
        }
    }

    /**
     * A network file named inside a sent scenario is read while the command runs, not at submission: the head refuses it there,
     * and its content is nowhere in what the submitter gets back.
     */
    @Test
    void aNetworkFileNamedInsideASentScenarioIsNotRead() throws Exception {
        Path secret = secret();
        String scenario = "topologies = [\"file:" + secret + "\"]\nalgorithms = [one-port]\nengine = sequential\njvms = [1]\n";
        Submission s = ended(submissions().submit(List.of("run", "mine.conf"), List.of(new Upload("mine.conf", scenario.getBytes(StandardCharsets.UTF_8)))));
        assertEquals(ExitCodes.BAD_INPUT, s.exitCode(), everything(s));
        String all = everything(s);
        assertTrue(all.contains("reads a network only from a file sent with it"), all);
        assertFalse(all.contains(SECRET), all);
    }

    /** What the confinement lets through: a network file the submission sent, read from where the head put it. */
    @Test
    void aNetworkFileTheSubmissionSentIsRead() throws Exception {
        Submission s = ended(submissions().submit(List.of("topology", "--topology", "file:ring.txt"), List.of(new Upload("ring.txt", "a b\nb c\nc a\n".getBytes(StandardCharsets.UTF_8)))));
        assertEquals(0, s.exitCode(), everything(s));
        String ranNetwork = executed.get(0).get(2);
        assertTrue(ranNetwork.startsWith("file:" + tmp.resolve("runs")) && ranNetwork.endsWith("/ring.txt"), ranNetwork);
    }

    /** {@code @FILE} read a file of the head's as arguments: now the word is refused as an unexpected argument. */
    @Test
    void anAtFileIsNotExpandedOnTheHead() throws Exception {
        Path args = Files.writeString(tmp.resolve("args"), "--topology\nscc:4\n# " + SECRET + "\n");
        Files.setPosixFilePermissions(args, PosixFilePermissions.fromString("rw-------"));
        // refused at submission by the command's own parser, which reads the word as a word (issue 37: nothing is queued)
        InvalidInputException refused = assertThrows(InvalidInputException.class,
                () -> submissions().submit(List.of("topology", "@" + args), List.of()));
        assertTrue(refused.getMessage().contains("unexpected argument '@" + args + "'"), refused.getMessage());
        assertFalse(refused.getMessage().contains(SECRET));
        assertFalse(refused.getMessage().contains("scc:4"), "the file's words were not read");
        assertEquals(0, ran.get(), "nothing ran");
    }

    /**
     * The manifest recorded the command line the request's body claimed: now the status and the manifest record the arguments the
     * head ran (a claim in the body is not even read: ApiServerTest sends one).
     */
    @Test
    void theRecordedCommandLineIsTheOneThatRan() throws Exception {
        Submission s = ended(submissions().submit(List.of("topology", "--topology", "scc:4", "--cluster", "--out", "mine"), List.of()));
        assertEquals(0, s.exitCode(), everything(s));
        List<String> ran = executed.get(0);
        assertEquals(List.of("topology", "--topology", "scc:4", "--out", s.out().toString()), ran);
        assertEquals(JSON.valueToTree(ran), s.describe().path("commandLine"));
        Path dir = s.out().resolve(s.results());
        JsonNode manifest = JSON.readTree(Files.readString(dir.resolve("manifest.json")));
        List<String> recorded = new ArrayList<>();
        manifest.path("commandLine").forEach(w -> recorded.add(w.asText()));
        List<String> expected = new ArrayList<>(List.of("icn"));
        expected.addAll(ran);
        assertEquals(expected, recorded);
        assertFalse(everything(s).contains("claimed:9"));
        assertFalse(manifest.toString().contains("claimed:9"));
    }

    /** A command that prints without end keeps the head's heap: the first and last bytes of its stdout, and the cut marked. */
    @Test
    void stdoutIsKeptAsItsHeadAndTail() {
        JobFiles.HeadAndTail kept = new JobFiles.HeadAndTail(8);
        byte[] text = "0123456789abcdefghij-the-end".getBytes(StandardCharsets.UTF_8);
        kept.write(text, 0, text.length);
        assertEquals("01234567\n[icn: 12 bytes of stdout cut here; the head keeps the first and the last 8 bytes]\n-the-end", kept.text());
        JobFiles.HeadAndTail small = new JobFiles.HeadAndTail(8);
        small.write(text, 0, 12);
        assertEquals("0123456789ab", small.text(), "nothing cut, nothing marked");
    }
}
