package icn.launcher.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import icn.protocols.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a job names its paths (issue 37): its results under the --out its submitter typed, its files by the paths they were sent
 * by, so that what it prints and records names nothing of the head's and comes back to the submitter as it is.
 */
class JobNamingTest {

    @TempDir
    Path job;

    @Test
    void resultsAreNamedUnderTheTypedOutAndFilesByTheirGivenPaths() throws Exception {
        Path out = job.resolve("o");
        Path net = job.resolve("in").resolve("0").resolve("ring.txt");
        Files.writeString(job.resolve(JobProcess.NAMES_FILE), "{\"out\": \"" + out + "\", \"shownOut\": \"../mine\", \"inputs\": [{\"path\": \""
                + net + "\", \"given\": \"nets/ring.txt\"}]}");
        UnaryOperator<String> named = JobProcess.naming(job);
        assertEquals("../mine", named.apply(out.toString()));
        assertEquals("../mine/broadcast-20261128-101500", named.apply(out.resolve("broadcast-20261128-101500").toString()));
        assertEquals("file:nets/ring.txt", named.apply("file:" + net));
        assertEquals("--faults=nets/ring.txt", named.apply("--faults=" + net));
        assertEquals("scc:6", named.apply("scc:6"), "any other word as it is");
        assertEquals(out + "x/a", named.apply(out + "x/a"), "a sibling that only starts like the results directory is not under it");
    }

    @Test
    void aJobOfAnEarlierHeadWithoutNamesIsShownAsItIs() throws Exception {
        assertEquals("/anywhere/o/x", JobProcess.naming(job).apply("/anywhere/o/x"));
    }

    @Test
    void theTypedOutIsOneLineOfBoundedLength() {
        assertEquals(Submissions.DEFAULT_OUT, SubmissionChecks.checkShownOut(null));
        assertEquals("results/run 1", SubmissionChecks.checkShownOut("results/run 1"));
        assertThrows(InvalidInputException.class, () -> SubmissionChecks.checkShownOut("a\nicn: forged line"));
        // a terminal escape, 7-bit (ESC [) and 8-bit (CSI, U+009B): the name is printed on the submitter's terminal
        assertThrows(InvalidInputException.class, () -> SubmissionChecks.checkShownOut("results\u001b[2J"));
        assertThrows(InvalidInputException.class, () -> SubmissionChecks.checkShownOut("results\u009b2J"));
        assertThrows(InvalidInputException.class, () -> SubmissionChecks.checkShownOut("x".repeat(SubmissionChecks.MAX_OUT_CHARS + 1)));
    }
}
