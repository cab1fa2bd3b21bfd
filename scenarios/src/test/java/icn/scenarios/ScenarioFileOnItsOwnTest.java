package icn.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import icn.scenarios.faults.FaultReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36: a scenario (or fault) file is read on its own. Each test is an attack a submitted scenario made on a standing cluster's
 * head: the head's environment or system properties put into a name, or a file of the head's included.
 */
class ScenarioFileOnItsOwnTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    /** {@code name = ${?PATH}} took the head's environment: now the key is as absent as any {@code ${?X}} the file lacks. */
    @Test
    void anOptionalSubstitutionDoesNotReadTheEnvironment() throws Exception {
        String path = System.getenv("PATH");
        assertNotNull(path, "the attack needs a variable that is set");
        Scenario s = Scenario.load(write("env.conf", "name = ${?PATH}\n"));
        assertEquals("env", s.name(), "the file's name, as for a scenario without a name");
        assertFalse(s.name().contains(path));
    }

    /** Nor the JVM's system properties ({@code java.home} is always set). */
    @Test
    void anOptionalSubstitutionDoesNotReadSystemProperties() throws Exception {
        String home = System.getProperty("java.home");
        Scenario s = Scenario.load(write("props.conf", "name = ${?java.home}\n"));
        assertEquals("props", s.name());
        assertFalse(s.name().contains(home));
    }

    /** A required one is refused in one line naming the substitution, not its value. */
    @Test
    void aRequiredSubstitutionOfTheEnvironmentIsRefused() throws Exception {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Scenario.load(write("req.conf", "name = ${HOME}\n")));
        assertTrue(e.getMessage().startsWith("req.conf: line 1: "), e.getMessage());
        assertTrue(e.getMessage().contains("HOME"), e.getMessage());
        assertFalse(e.getMessage().contains(System.getenv("HOME")), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    /** What HOCON's substitutions are for still works: keys that refer to themselves, optionally or not. */
    @Test
    void substitutionsWithinTheFileStillResolve() throws Exception {
        Path file = write("self.conf", "name = grid\nname = ${name}-run\ntopologies = [\"scc:4\"]\ntopologies = ${?topologies} [\"scc:5\"]\n");
        BroadcastScenario s = (BroadcastScenario) Scenario.load(file);
        assertEquals("grid-run", s.name());
        assertEquals(List.of("scc:4", "scc:5"), s.topologies());
    }

    /** {@code include file("…")} read a file of the head's: every form of include is refused, naming it, and nothing is read. */
    @Test
    void everyIncludeIsRefusedNamingIt() throws Exception {
        Path secret = write("cluster.json", "{\"token\": \"s3cr3t-token-of-the-head\", \"name\": \"s3cr3t-token-of-the-head\"}\n");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        for (String include : List.of("include file(\"" + secret + "\")", "include \"cluster.json\"", "include required(file(\"" + secret
                + "\"))", "include url(\"" + secret.toUri() + "\")", "include classpath(\"scenarios/default.conf\")")) {
            Path file = write("inc.conf", include + "\nseed = 3\n");
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> Scenario.load(file), include);
            assertTrue(e.getMessage().startsWith("inc.conf: include "), e.getMessage());
            assertTrue(e.getMessage().contains("is refused"), e.getMessage());
            assertFalse(e.getMessage().contains("s3cr3t"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
    }

    /** A fault list ({@code --faults FILE}) is read the same way. */
    @Test
    void aFaultFileIsReadOnItsOwnToo() throws Exception {
        Path file = write("faults.conf", "include file(\"" + dir.resolve("other.conf") + "\")\nloss = 0.1\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> FaultReader.read(file, 1));
        assertTrue(e.getMessage().startsWith("faults.conf: include file("), e.getMessage());
        // HOME is a number nowhere, so a seed read from the environment would be refused: it is absent, and the default holds
        Path env = write("env-faults.conf", "loss = 0.1\nseed = ${?HOME}\n");
        assertEquals(7, FaultReader.read(env, 7).seed());
    }
}
