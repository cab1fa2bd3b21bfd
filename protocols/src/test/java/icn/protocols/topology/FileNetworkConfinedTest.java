package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36: a network file's text never comes back in an error, and while a head runs a submission a network is read only from
 * the files the submission sent. Each test is the attack seen on the head.
 */
class FileNetworkConfinedTest {

    /** What a file the reader should not see holds; no error may carry it. */
    private static final String SECRET = "hunter2-only-the-head-may-read-this";

    @TempDir
    Path dir;

    private Path secretFile(String name, String text) throws Exception {
        Path file = Files.writeString(dir.resolve(name), text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    /** The first line of a file that is no edge list was quoted in the error: now the line is named by its number alone. */
    @Test
    void aMalformedLineIsNamedByItsNumberNeverQuoted() throws Exception {
        Path file = secretFile("tls.txt", "# keys\npassword " + SECRET + " extra\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + file));
        assertTrue(e.getMessage().contains("line 2: "), e.getMessage()); // three words: the third read as a link's latency, refused
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
        assertFalse(e.getMessage().contains("password"), e.getMessage());
    }

    /** Nor does the XML parser's message, which quotes the text it stopped at. */
    @Test
    void malformedGraphMlIsNamedByItsLineNeverQuoted() throws Exception {
        Path file = secretFile("secret.xml", "<graphml>\n<" + SECRET + " x=\"1\">\n</other>\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + file));
        assertTrue(e.getMessage().contains("is not well-formed XML (line 3)"), e.getMessage());
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
    }

    /**
     * {@code --topology file:PATH} on a file of the head's: refused while a submission runs, in one line that is the same whether
     * the file exists or not, and nothing of it read; a file among the submission's own is read.
     */
    @Test
    void whileConfinedOnlyTheSubmissionsFilesAreRead() throws Exception {
        Path uploads = Files.createDirectories(dir.resolve("in"));
        Path own = Files.writeString(uploads.resolve("ring.txt"), "a b\nb c\nc a\n");
        Path secret = secretFile("head.txt", "x " + SECRET + "\n");
        FileNetwork.Confinement confined = FileNetwork.readOnlyUnder(uploads);
        try {
            assertEquals(3, Topologies.parse("file:" + own).nodeCount());
            InvalidInputException there = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + secret));
            assertFalse(there.getMessage().contains(SECRET), there.getMessage());
            assertTrue(there.getMessage().contains("reads a network only from a file sent with it"), there.getMessage());
            assertEquals(1, there.getMessage().lines().count());
            String absent = dir.resolve("no-such.txt").toString();
            InvalidInputException none = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + absent));
            assertEquals(there.getMessage().replace(secret.toString(), absent), none.getMessage(), "existence is not told");
            // out of the directory by .. or by a relative path
            assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + uploads + "/../head.txt"));
            assertThrows(InvalidInputException.class, () -> Topologies.parse("file:head.txt"));
        } finally {
            confined.close();
        }
        assertEquals(2, Topologies.parse("file:" + secret).nodeCount(), "after the submission, a local run reads its user's files");
    }

    /** A symbolic link among the submission's files does not lead out of them. */
    @Test
    void aLinkAmongTheSubmissionsFilesDoesNotLeadOut() throws Exception {
        Path uploads = Files.createDirectories(dir.resolve("in"));
        Path secret = secretFile("head.txt", "a b\n");
        Path link = Files.createSymbolicLink(uploads.resolve("link.txt"), secret);
        FileNetwork.Confinement confined = FileNetwork.readOnlyUnder(uploads);
        try {
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> Topologies.parse("file:" + link));
            assertTrue(e.getMessage().contains("reads a network only from a file sent with it"), e.getMessage());
        } finally {
            confined.close();
        }
        assertEquals(2, Topologies.parse("file:" + link).nodeCount(), "a local run follows its own links");
    }

    /**
     * A confinement on one thread (a job run as a thread of a shared JVM) holds on that thread and the threads it starts, and
     * nowhere else: another thread of the JVM, such as the next test's, still reads its user's files.
     */
    @Test
    void aThreadsConfinementHoldsOnItAndItsChildrenOnly() throws Exception {
        Path uploads = Files.createDirectories(dir.resolve("in"));
        Path secret = secretFile("head.txt", "a b\n");
        java.util.concurrent.CountDownLatch confinedNow = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch checked = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<String> onJob = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<String> onChild = new java.util.concurrent.atomic.AtomicReference<>();
        Thread job = new Thread(() -> {
            FileNetwork.Confinement confined = FileNetwork.readOnlyUnderOnThisThread(uploads);
            try {
                onJob.set(refusal(secret));
                Thread child = new Thread(() -> onChild.set(refusal(secret)));
                child.start();
                child.join();
                confinedNow.countDown();
                checked.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                confined.close();
            }
        });
        job.start();
        confinedNow.await();
        assertEquals(2, Topologies.parse("file:" + secret).nodeCount(), "another thread reads while the job is confined");
        checked.countDown();
        job.join();
        assertTrue(onJob.get().contains("reads a network only from a file sent with it"), onJob.get());
        assertTrue(onChild.get().contains("reads a network only from a file sent with it"), onChild.get());
    }

    private static String refusal(Path file) {
        try {
            Topologies.parse("file:" + file);
            return "read";
        } catch (InvalidInputException e) {
            return e.getMessage();
        }
    }
}
