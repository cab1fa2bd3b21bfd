package icn.launcher.pool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.launcher.cluster.ClusterCertificates;
import icn.launcher.cluster.HostPort;
import icn.launcher.cluster.Tls;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a worker on another host gets its stores (issue 36): the shell text of {@link SshWorkers#receiveStores}, run here by
 * {@code sh} as SSH would run it on the host, with the worker's bundle on standard input, leaves byte-identical owner-only
 * files under the host's $ICN_HOME; and the worker's command line names their directory, never the key or the password.
 */
class SshStoresTest {

    @TempDir
    Path tmp;

    @Test
    void theStoresArriveThroughStandardInputIntoOwnerOnlyFiles() throws Exception {
        ClusterCertificates certificates = ClusterCertificates.make(tmp.resolve("head-home").resolve("tls"), ClusterCertificates.members(2));
        Path remoteHome = tmp.resolve("remote-home");
        ProcessBuilder sh = new ProcessBuilder("sh", "-c", SshWorkers.receiveStores("worker-2") + "echo \"$t\"").redirectErrorStream(true);
        sh.environment().put("ICN_HOME", remoteHome.toString());
        Process p = sh.start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(certificates.bundle("worker-2"));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        Path received = remoteHome.resolve("tls").resolve("worker-2");
        assertEquals(received.toString(), out, "$t is the stores' directory");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(received)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(received.getParent())));
        for (String f : List.of(ClusterCertificates.KEY_STORE, ClusterCertificates.TRUST_STORE, ClusterCertificates.PASSWORD)) {
            assertArrayEquals(Files.readAllBytes(certificates.member("worker-2").resolve(f)), Files.readAllBytes(received.resolve(f)), f);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(received.resolve(f))), f);
        }
        assertEquals(ClusterCertificates.read(certificates.member("worker-2")).password(), ClusterCertificates.read(received).password());
    }

    @Test
    void withoutStoresOnStandardInputTheHostRefusesToStartTheWorker() throws Exception {
        ProcessBuilder sh = new ProcessBuilder("sh", "-c", SshWorkers.receiveStores("worker-1") + "echo started")
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        sh.environment().put("ICN_HOME", tmp.resolve("remote-home").toString());
        Process p = sh.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertNotEquals(0, p.exitValue());
        assertFalse(out.contains("started"), out);
    }

    @Test
    void theWorkersCommandLineNamesTheDirectoryNotTheSecrets() {
        ClusterCertificates certificates = ClusterCertificates.make(tmp.resolve("tls"), ClusterCertificates.members(1));
        String password = ClusterCertificates.read(certificates.member("worker-1")).password();
        HostFile.Host host = HostFile.parse(Path.of("hosts"), "host2 bind=10.0.0.2 dir=/opt/icn\n").hosts().get(0);
        String script = SshWorkers.script(host, 0, new HostPort("10.0.0.1", 25520), null, null, Tls.Mode.CLUSTER_CA, "worker-1",
                Duration.ofSeconds(60), Duration.ZERO);
        assertTrue(script.contains("--tls-stores \"$t\""), script);
        assertFalse(script.contains(password), script);
        String plain = SshWorkers.script(host, 0, new HostPort("10.0.0.1", 25520), null, null, Tls.Mode.INSECURE, "worker-1",
                Duration.ofSeconds(60), Duration.ZERO);
        assertTrue(plain.contains(" --insecure"), plain);
        assertFalse(plain.contains("read -r"), plain);
    }
}
