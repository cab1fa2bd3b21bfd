package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 36's attacks on the command line itself, which a standing cluster's head parses as a local run does. */
class ConfinedCliTest {

    @TempDir
    Path tmp;

    /**
     * {@code @FILE} was read as arguments (picocli's expansion): a file holding a whole valid command line would have run, and
     * one that is not echoed its words in the error. Now the word is an argument like any other, refused as unexpected.
     */
    @Test
    void anAtFileIsNotReadAsArguments() throws Exception {
        Path file = Files.writeString(tmp.resolve("args"), "--topology\nscc:4\n--out\n" + tmp.resolve("out") + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        Cli.Result r = Cli.run("topology", "@" + file);
        BadInputTest.assertBadInput(r, "unexpected argument '@" + file + "'");
        assertFalse(r.err().contains("scc:4"), r.err());
        assertFalse(Files.exists(tmp.resolve("out")), "nothing ran");
    }

    /**
     * A scenario named {@code ../../../../elsewhere/x} made its results directory outside the results directory: now the name is
     * one file name, and every directory the run made is under {@code --out}.
     */
    @Test
    void aScenarioNameMakesNoDirectoryOutsideTheResults() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("a/b/c/results"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path scenario = Files.writeString(tmp.resolve("s.conf"), "name = \"../../../../elsewhere/x\"\ntopologies = [\"scc:3\"]\n"
                + "algorithms = [one-port]\nengine = sequential\njvms = [1]\n");
        Cli.Result r = Cli.run("run", scenario.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r::toString);
        try (Stream<Path> left = Files.list(elsewhere)) {
            assertEquals(List.of(), left.toList(), "nothing made outside --out");
        }
        Path dir = Cli.resultsDir(out);
        assertTrue(dir.getFileName().toString().startsWith("_._.._.._.._elsewhere_x-"), dir.toString());
        try (Stream<Path> all = Files.walk(tmp)) {
            List<Path> outside = all.filter(Files::isDirectory).filter(p -> !p.startsWith(out) && !out.startsWith(p) && !p.equals(elsewhere))
                    .toList();
            assertEquals(List.of(), outside, "every directory made is under --out");
        }
    }
}
