package icn.launcher.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.launcher.cluster.HostPort;
import icn.protocols.InvalidInputException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The host file of a standing cluster: what each line says, its defaults, and one line naming the file and line for each mistake. */
class HostFileTest {

    private static final Path FILE = Path.of("hosts.txt");

    @Test
    void linesWithDefaultsKeysAndComments() {
        HostFile f = HostFile.parse(FILE, String.join("\n",
                "# the lab's machines",
                "",
                "10.0.0.2",
                "alice@10.0.0.3   jvms=2 heap=8g dir=/opt/icn-emulator   # two workers",
                "node4 bind=10.0.1.4 port=25600 advertise=192.168.7.4:31000",
                "   "));
        assertEquals(3, f.hosts().size());
        assertEquals(4, f.workers());
        HostFile.Host a = f.hosts().get(0);
        assertEquals("10.0.0.2", a.ssh());
        assertEquals("10.0.0.2", a.bind());
        assertEquals(HostFile.DEFAULT_PORT, a.port());
        assertEquals(1, a.jvms());
        assertNull(a.heap());
        assertNull(a.dir());
        assertEquals(3, a.line());
        HostFile.Host b = f.hosts().get(1);
        assertEquals("alice@10.0.0.3", b.ssh());
        assertEquals("10.0.0.3", b.bind(), "the bind address is the host without its user");
        assertEquals(List.of("10.0.0.3:25521", "10.0.0.3:25522"), b.workerAddresses());
        assertEquals("8g", b.heap());
        assertEquals("/opt/icn-emulator", b.dir());
        HostFile.Host c = f.hosts().get(2);
        assertEquals("10.0.1.4", c.bind());
        assertEquals(25600, c.port());
        assertEquals(new HostPort("192.168.7.4", 31000), c.advertise());
        assertEquals(List.of("192.168.7.4:31000"), c.workerAddresses(), "the cluster knows a worker by its advertised address");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "10.0.0.2 cores=4                       | hosts.txt:1: unknown key 'cores'",
        "10.0.0.2 jvms                          | hosts.txt:1: 'jvms' is not KEY=VALUE",
        "10.0.0.2 jvms=0                        | hosts.txt:1: jvms=0 must be a whole number in 1..64",
        "10.0.0.2 port=70000                    | hosts.txt:1: port=70000 must be a whole number in 1..65535",
        "10.0.0.2 port=65535 jvms=2             | hosts.txt:1: ports 65535..65536 run past 65535",
        "10.0.0.2 heap=lots                     | hosts.txt:1: heap=lots is not a size such as 4g or 512m",
        "10.0.0.2 dir=icn                       | hosts.txt:1: dir=icn must be an absolute path without quotes",
        "10.0.0.2 jvms=2 jvms=3                 | hosts.txt:1: key 'jvms' is given twice",
        "10.0.0.2 advertise=10.9.9.9            | hosts.txt:1: advertise=10.9.9.9 is not ADDRESS:PORT",
        "host;reboot                            | hosts.txt:1: 'host;reboot' is not a host",
    })
    void eachMistakeIsOneLineNamingFileAndLine(String line, String expected) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HostFile.parse(FILE, line));
        assertTrue(e.getMessage().startsWith("--hosts " + expected), e.getMessage());
    }

    @Test
    void theSameWorkerTwiceIsRefused() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> HostFile.parse(FILE, "10.0.0.2 jvms=2\n# next\n10.0.0.2 port=25522"));
        assertEquals("--hosts hosts.txt:3: worker address 10.0.0.2:25522 is given twice (two lines with the same bind address need"
                + " ports far enough apart)", e.getMessage());
    }

    @Test
    void aFileWithoutHostsIsRefused() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HostFile.parse(FILE, "# nobody\n\n"));
        assertTrue(e.getMessage().contains("no host in it"), e.getMessage());
    }

    @Test
    void aFileThatCannotBeReadIsRefused() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HostFile.read(Path.of("no-such-hosts-file")));
        assertTrue(e.getMessage().startsWith("--hosts no-such-hosts-file: cannot read it"), e.getMessage());
    }
}
