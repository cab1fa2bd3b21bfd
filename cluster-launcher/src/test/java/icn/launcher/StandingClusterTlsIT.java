package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.cluster.ClusterCertificates;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36 with real processes: {@code icn cluster start --workers 1} on loopback, no TLS option, forms with TLS of the cluster's
 * own CA. Its stores are owner-only under $ICN_HOME/tls and the worker's command line names only their directory. A worker
 * without TLS ({@code --insecure}) and a worker with the stores of another CA cannot join: each ends well within its
 * --join-timeout with a non-zero exit, and the cluster still has its one worker, on which a submission runs and informs every
 * node (SCC_4 has 4!*3 = 72).
 */
class StandingClusterTlsIT {

    private static final Duration JOIN_TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aStandingClusterAdmitsOnlyTheMembersItsHeadMadeCertificatesFor() throws Exception {
        try (StandingCluster cluster = StandingCluster.start(tmp.resolve("c"), "--workers", "1")) {
            Path tls = tmp.resolve("c").resolve("home").resolve("tls");
            ownerOnly(tls);
            List<JsonNode> workers = cluster.workers();
            assertEquals(1, workers.size(), workers::toString);
            String commandLine = commandLine(workers.get(0).path("pid").asLong());
            String password = Files.readString(tls.resolve("worker-1").resolve(ClusterCertificates.PASSWORD), StandardCharsets.US_ASCII).strip();
            assertAll(commandLine,
                    () -> assertTrue(commandLine.contains("--tls-stores " + tls.resolve("worker-1")), "the worker is given its stores' directory"),
                    () -> assertFalse(commandLine.contains(password), "no password on the command line"));

            String head = cluster.record().path("akka").asText();
            // a process of this user but without the cluster's keys: plain TCP, and TLS with a key of another CA
            ClusterCertificates.make(tmp.resolve("stranger"), ClusterCertificates.members(1));
            try (IcnProcess plain = joining(head, "--insecure");
                    IcnProcess stranger = joining(head, "--tls-stores", tmp.resolve("stranger").resolve("worker-1").toString())) {
                for (IcnProcess p : List.of(plain, stranger)) {
                    assertTrue(p.waitFor(JOIN_TIMEOUT.plusSeconds(20)), () -> "ended by itself: " + p.describe());
                    assertNotEquals(0, p.exitValue(), p::describe);
                    assertTrue(p.seconds() < JOIN_TIMEOUT.toSeconds(), () -> "refused before its join timeout: " + p.describe());
                    assertTrue(String.join("\n", p.errLines()).contains("could not join"), p::describe);
                }
            }
            JsonNode status = cluster.status(false);
            assertEquals(1, status.path("workers").size(), status::toString);
            assertEquals("ok", status.path("health").asText(), status::toString);

            StandingCluster.Result run = cluster.submit(Duration.ofSeconds(120), "broadcast", "--topology", "scc:4", "--algorithm", "one-port",
                    "--json");
            assertEquals(0, run.exit(), run::describe);
            assertEquals(72, run.json().path("informed").asInt(), run::describe);
            assertEquals(List.of(), cluster.stop(), "processes of the cluster still alive");
        }
    }

    private IcnProcess joining(String head, String... tls) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("worker", "--join", head, "--join-timeout", Long.toString(JOIN_TIMEOUT.toSeconds())));
        args.addAll(List.of(tls));
        return IcnProcess.start(tmp, Map.of(), List.of("-Xmx256m"), args.toArray(String[]::new));
    }

    private static void ownerOnly(Path tls) throws Exception {
        assertEquals("rwx------", permissions(tls), tls.toString());
        for (String member : List.of("head", "worker-1")) {
            Path own = tls.resolve(member);
            assertEquals("rwx------", permissions(own), own.toString());
            for (String f : List.of(ClusterCertificates.KEY_STORE, ClusterCertificates.TRUST_STORE, ClusterCertificates.PASSWORD)) {
                assertEquals("rw-------", permissions(own.resolve(f)), own.resolve(f).toString());
            }
        }
    }

    private static String permissions(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    /** A process's command line, its words joined by blanks (Linux's /proc). */
    private static String commandLine(long pid) throws Exception {
        byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
        return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ');
    }
}
