package icn.launcher;

import static icn.launcher.BadInputTest.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertFalse;

import icn.launcher.cluster.ClusterCertificates;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster formed by hand on an address other than loopback needs TLS or the user's word (issue 36): {@code icn worker} and
 * {@code icn coordinator} refuse plain TCP there with one line naming --tls and --insecure, before any network is touched; and
 * a worker's --tls-stores that cannot be used end it at once with one line that names them.
 */
class ManualClusterTlsTest {

    @TempDir
    Path tmp;

    @Test
    void aWorkerJoiningAnotherHostWithoutTlsIsRefused() {
        assertBadInput(Cli.run("worker", "--join", "10.0.0.5:25520", "--bind", "10.0.0.6:25520"), "--join 10.0.0.5:25520", "--tls",
                "--insecure");
    }

    @Test
    void aWorkerListeningOnAnotherAddressWithoutTlsIsRefused() {
        assertBadInput(Cli.run("worker", "--join", "127.0.0.1:25520", "--bind", "0.0.0.0:25521"), "--bind 0.0.0.0:25521", "--tls",
                "--insecure");
    }

    @Test
    void aHostNameCountsAsAnotherHost() {
        assertBadInput(Cli.run("worker", "--join", "host1:25520"), "--join host1:25520", "--tls", "--insecure");
    }

    @Test
    void aCoordinatorOnAnotherAddressWithoutTlsIsRefused() {
        assertBadInput(Cli.run("coordinator", "--bind", "10.0.0.1:25520", "--expect", "2", tmp.resolve("none.conf").toString()),
                "--bind 10.0.0.1:25520", "--tls", "--insecure");
    }

    @Test
    void storesThatCannotBeUsedEndTheWorkerAtOnceNamingTlsStores() throws Exception {
        assertBadInput(Cli.run("worker", "--join", "127.0.0.1:25520", "--tls-stores", tmp.resolve("none").toString()), "--tls-stores",
                "keystore.p12");
        ClusterCertificates.make(tmp.resolve("tls"), ClusterCertificates.members(1));
        Path worker = tmp.resolve("tls").resolve("worker-1");
        Files.writeString(worker.resolve(ClusterCertificates.PASSWORD), "not-the-password\n");
        Cli.Result wrong = Cli.run("worker", "--join", "127.0.0.1:25520", "--tls-stores", worker.toString());
        assertBadInput(wrong, "--tls-stores", "cannot read the key store", worker.resolve(ClusterCertificates.KEY_STORE).toString());
        assertFalse(wrong.err().contains("ICN_TLS_"), "names no variable: " + wrong.err());
    }

    @Test
    void tlsAndInsecureTogetherAreRefused() {
        assertBadInput(Cli.run("worker", "--join", "10.0.0.5:25520", "--tls", "--insecure"), "--tls", "--insecure", "exclude");
        assertBadInput(Cli.run("coordinator", "--bind", "10.0.0.1:25520", "--expect", "2", "--tls", "--insecure",
                tmp.resolve("none.conf").toString()), "--tls", "--insecure", "exclude");
        // a standing cluster: refused before anything is started or recorded
        assertBadInput(Cli.run("cluster", "start", "--tls", "--insecure"), "--tls", "--insecure", "exclude");
    }
}
