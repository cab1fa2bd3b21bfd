package icn.launcher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Which command lines go to a standing cluster unparsed, where, and with which files. */
class SubmitTest {

    @TempDir
    Path tmp;

    @Test
    void theCommandsThatAreSubmittedAreThoseWithTheClusterOption() {
        Set<String> withOption = new TreeSet<>();
        collect(Icn.commandLine(), withOption);
        assertEquals(new TreeSet<>(Submit.COMMANDS), withOption);
    }

    private static void collect(CommandLine cli, Set<String> into) {
        boolean submittable = cli.getCommandSpec().mixins().values().stream().anyMatch(m -> m.userObject() instanceof SubmitOptions);
        if (submittable) {
            into.add(cli.getCommandSpec().qualifiedName(" ").replaceFirst("^icn ", ""));
        }
        cli.getSubcommands().values().forEach(c -> collect(c, into));
    }

    @Test
    void whatIsSubmitted() {
        assertTrue(Submit.applies(new String[] {"broadcast", "--topology", "scc:6", "--cluster"}));
        assertTrue(Submit.applies(new String[] {"faults", "coverage", "--cluster=127.0.0.1:25580"}));
        assertFalse(Submit.applies(new String[] {"broadcast", "--topology", "scc:6"}), "no --cluster");
        assertFalse(Submit.applies(new String[] {"broadcast", "--cluster", "--help"}), "help is answered here");
        assertTrue(Submit.applies(new String[] {"topology", "--topology", "scc:6", "--cluster"}), "a census runs on a cluster too (issue 38)");
        assertFalse(Submit.applies(new String[] {"cluster", "status", "--cluster", "127.0.0.1:25580"}), "not a command that runs on a cluster");
        assertFalse(Submit.applies(new String[] {"faults", "kill-jvm", "--cluster"}), "kills a JVM: never on a standing cluster");
        assertFalse(Submit.applies(new String[] {"bench", "start", "--member"}));
        assertFalse(Submit.applies(new String[] {"run", "--", "--cluster"}));
    }

    @Test
    void theAddress() {
        assertNull(Submit.address(List.of("run", "--cluster", "my-run.conf")), "a scenario after --cluster is not its address");
        assertEquals("10.0.0.1:25580", Submit.address(List.of("run", "--cluster", "10.0.0.1:25580", "my-run.conf")));
        assertEquals("http://h:1", Submit.address(List.of("broadcast", "--cluster=http://h:1")));
    }

    @Test
    void theFilesItNames() throws Exception {
        Path scenario = Files.writeString(tmp.resolve("my-run.conf"), "name = x\n");
        Path faults = Files.writeString(tmp.resolve("faults.conf"), "events = []\n");
        Path network = Files.writeString(tmp.resolve("ring.txt"), "a b\nb c\nc a\n");
        var uploads = Submit.uploads(List.of("run", scenario.toString(), "--faults=" + faults, "--topology", "scc:6,file:" + network,
                "--out", tmp.toString(), "--cluster"));
        assertEquals(List.of(scenario.toString(), faults.toString(), network.toString()), uploads.stream().map(u -> u.given()).toList(),
                "a file: network is sent too: the head reads no other");
        assertEquals("name = x\n", new String(uploads.get(0).content(), java.nio.charset.StandardCharsets.UTF_8));
    }
}
