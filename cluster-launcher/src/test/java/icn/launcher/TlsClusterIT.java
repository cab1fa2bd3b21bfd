package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.cluster.ClusterMachines;
import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.wire.BroadcastSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --tls} (issue 15) with key material made here by the JDK's keytool, with the commands docs/clusters.md shows: a CA, a trust store
 * holding its certificate, and a key store per member with a certificate the CA signed; and a second CA for a stranger. A
 * coordinator and a worker with {@code --tls}, real JVMs, form a cluster and run a broadcast that measures what the sequential
 * engine measures. A worker whose certificate another CA signed (trusting the cluster's CA, or only its own), and a worker
 * without {@code --tls}, cannot join: each ends well within its --join-timeout with exit code 1 and one line on stderr that names
 * the problem; the coordinator ends at its --formation-timeout with one line that names what it refused, and nothing is left
 * running. A member whose stores cannot be used ends at once. docs/clusters.md shows the keytool commands used here.
 */
class TlsClusterIT {

    private static final String TOPOLOGY = "scc:4";

    /** The commands of docs/clusters.md's Security section, with CA and MEMBER for the names (docs/clusters.md: icn-ca and host1). */
    private static final List<String> CA_COMMANDS = List.of(
            "keytool -genkeypair -alias ca -keyalg EC -groupname secp256r1 -dname CN=CA -ext bc:c -validity 365 -storetype PKCS12"
                    + " -keystore CA.p12 -storepass:env ICN_TLS_PASSWORD",
            "keytool -exportcert -alias ca -rfc -file CA.pem -keystore CA.p12 -storepass:env ICN_TLS_PASSWORD");
    private static final String TRUST_COMMAND = "keytool -importcert -noprompt -alias ca -file CA.pem -storetype PKCS12"
            + " -keystore CA-truststore.p12 -storepass:env ICN_TLS_PASSWORD";
    private static final List<String> MEMBER_COMMANDS = List.of(
            "keytool -genkeypair -alias member -keyalg EC -groupname secp256r1 -dname CN=MEMBER -validity 365 -storetype PKCS12"
                    + " -keystore MEMBER.p12 -storepass:env ICN_TLS_PASSWORD",
            "keytool -certreq -alias member -file MEMBER.csr -keystore MEMBER.p12 -storepass:env ICN_TLS_PASSWORD",
            "keytool -gencert -alias ca -infile MEMBER.csr -outfile MEMBER.pem -rfc -validity 365 -keystore CA.p12"
                    + " -storepass:env ICN_TLS_PASSWORD",
            "cat MEMBER.pem CA.pem > MEMBER-chain.pem",
            "keytool -importcert -noprompt -alias member -file MEMBER-chain.pem -keystore MEMBER.p12 -storepass:env ICN_TLS_PASSWORD");

    /**
     * The members' JVMs: a small heap; and since they live for seconds and do little, no optimising compiler and a serial
     * collector, which start faster on a busy machine.
     */
    private static final List<String> JVM = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    @TempDir
    static Path keys;

    @TempDir
    Path tmp;

    /** One password for every store, new for every run. */
    private static final String PASSWORD = "it-" + UUID.randomUUID();

    @BeforeAll
    static void keyMaterial() throws Exception {
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> cas = List.of(pool.submit(() -> ca("icn-ca")), pool.submit(() -> ca("other-ca")));
            for (Future<?> f : cas) {
                f.get(60, TimeUnit.SECONDS);
            }
            List<Future<?>> members = List.of(pool.submit(() -> member("coordinator", "icn-ca")),
                    pool.submit(() -> member("worker", "icn-ca")), pool.submit(() -> member("stranger", "other-ca")));
            for (Future<?> f : members) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("TlsClusterIT: key material made with keytool in %.1f s%n", (System.nanoTime() - start) / 1e9);
    }

    private static Void ca(String ca) throws Exception {
        for (String command : CA_COMMANDS) {
            run(command.replace("CA", ca));
        }
        run(TRUST_COMMAND.replace("CA", ca));
        return null;
    }

    private static Void member(String member, String ca) throws Exception {
        for (String command : MEMBER_COMMANDS) {
            run(command.replace("MEMBER", member).replace("CA", ca));
        }
        return null;
    }

    /** Runs one command of docs/clusters.md's list: keytool (in keys), or the cat that puts a certificate and its CA's in one file. */
    private static void run(String command) throws IOException, InterruptedException {
        List<String> words = List.of(command.split(" "));
        if (words.get(0).equals("cat")) {
            Files.writeString(keys.resolve(words.get(4)), Files.readString(keys.resolve(words.get(1)), StandardCharsets.US_ASCII)
                    + Files.readString(keys.resolve(words.get(2)), StandardCharsets.US_ASCII), StandardCharsets.US_ASCII);
            return;
        }
        List<String> line = new ArrayList<>();
        line.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        // the JVM under keytool starts faster this way (a short-lived process needs no optimising compiler); same command
        line.add("-J-XX:TieredStopAtLevel=1");
        line.add("-J-XX:+UseSerialGC");
        line.addAll(words.subList(1, words.size()));
        ProcessBuilder builder = new ProcessBuilder(line).directory(keys.toFile()).redirectErrorStream(true);
        builder.environment().put("ICN_TLS_PASSWORD", PASSWORD);
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), () -> command + " ended");
        assertEquals(0, p.exitValue(), () -> command + ":\n" + out);
    }

    /** The environment of a member with {@code keyStore} and the trust store of {@code ca}. */
    private static Map<String, String> tls(String keyStore, String ca) {
        return Map.of("ICN_TLS_KEYSTORE", keys.resolve(keyStore + ".p12").toString(), "ICN_TLS_TRUSTSTORE",
                keys.resolve(ca + "-truststore.p12").toString(), "ICN_TLS_PASSWORD", PASSWORD);
    }

    private Path scenario() throws IOException {
        return IcnProcess.scenario(tmp, "tls-it", "kind = broadcast", "topologies = [\"" + TOPOLOGY + "\"]", "algorithms = [one-port]",
                "messages = [1]");
    }

    @Test
    void theClustersPageShowsTheseKeytoolCommands() throws IOException {
        String readme = Files.readString(Path.of("..", "docs", "clusters.md"), StandardCharsets.UTF_8);
        List<String> commands = new ArrayList<>();
        CA_COMMANDS.forEach(c -> commands.add(c.replace("CA", "icn-ca")));
        commands.add(TRUST_COMMAND.replace("CA-truststore", "truststore").replace("CA", "icn-ca"));
        MEMBER_COMMANDS.forEach(c -> commands.add(c.replace("MEMBER", "host1").replace("CA", "icn-ca")));
        assertAll(commands.stream().map(c -> () -> assertTrue(readme.contains(c), "docs/clusters.md shows: " + c)));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aCoordinatorAndAWorkerWithTlsRunABroadcast() throws Exception {
        int port = ClusterMachines.freePort("127.0.0.1");
        try (IcnProcess coordinator = IcnProcess.start(tmp, tls("coordinator", "icn-ca"), JVM, "coordinator", "--tls", "--bind",
                "127.0.0.1:" + port, "--expect", "2", "--formation-timeout", "60", scenario().toString(), "--json", "--no-reports");
                IcnProcess worker = IcnProcess.start(tmp, tls("worker", "icn-ca"), JVM, "worker", "--tls", "--join",
                        "127.0.0.1:" + port, "--join-timeout", "60")) {
            assertTrue(coordinator.waitFor(Duration.ofSeconds(90)), () -> "the coordinator finished: " + coordinator.describe() + "\n"
                    + worker.describe());
            assertEquals(0, coordinator.exitValue(), () -> coordinator.describe() + "\n" + worker.describe());
            JsonNode runs = coordinator.json().path("runs");
            assertTrue(runs.isArray() && runs.size() == 1, () -> "one run: " + coordinator.describe());
            JsonNode run = runs.get(0);

            Topology t = Topologies.parse(TOPOLOGY);
            int source = t.parseLabel(run.path("source").asText());
            RunMetrics expected = SequentialEngine.run(t, Programs.of(t, new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, source)),
                    LinkLatency.SYNCHRONOUS);
            long[] perStep = StreamSupport.stream(run.path("perStepInformed").spliterator(), false).mapToLong(JsonNode::asLong).toArray();
            assertAll(run.toString(),
                    () -> assertEquals(2, run.path("jvms").asInt(), "jvms"),
                    () -> assertTrue(run.path("linkMessages").path("crossJvm").path("lateral").asLong() > 0,
                            "messages crossed the two JVMs over TLS: " + run.path("linkMessages")),
                    () -> assertEquals(t.nodeCount(), run.path("informed").asLong(), "informed = every node"),
                    () -> assertEquals(expected.informed(0), run.path("informed").asLong(), "informed = the sequential engine's"),
                    () -> assertEquals(expected.steps(), run.path("steps").asLong(), "steps = the sequential engine's"),
                    () -> assertArrayEquals(expected.informedAfterEachStep(0), perStep, "informed after each step = the sequential engine's"),
                    () -> assertEquals(expected.linkMessages(LinkClass.LATERAL), run.path("linkMessages").path("lateral").asLong(), "lateral"),
                    () -> assertEquals(expected.linkMessages(LinkClass.LOCAL), run.path("linkMessages").path("local").asLong(), "local"));

            assertTrue(worker.waitFor(Duration.ofSeconds(20)), () -> "the worker stopped by itself: " + worker.describe());
            System.out.printf("TlsClusterIT: TLS cluster: coordinator exit %d after %.1f s, worker exit %d after %.1f s%n",
                    coordinator.exitValue(), coordinator.seconds(), worker.exitValue(), worker.seconds());
            assertEquals(0, worker.exitValue(), worker::describe);
            assertTrue(worker.errLines().stream().anyMatch(l -> l.startsWith("icn worker: joined")), worker::describe);
            for (IcnProcess p : List.of(coordinator, worker)) {
                assertTrue(p.errLines().stream().noneMatch(l -> l.matches("(?i).*(ssl|tls|handshake|certificate).*")),
                        () -> "no TLS noise on stderr: " + p.describe());
                assertTrue(p.survivingDescendants(Duration.ofSeconds(5)).isEmpty(), p::describeDescendants);
            }
        }
    }

    /**
     * One coordinator with --tls and three workers that must not join it: (a) a certificate from another CA, once with the
     * cluster's trust store (the coordinator refuses it) and once with only its own CA's (it refuses the coordinator's), and (b)
     * no --tls at all.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void membersWithAnotherCasCertificateOrWithoutTlsCannotJoin() throws Exception {
        int port = ClusterMachines.freePort("127.0.0.1");
        String seed = "127.0.0.1:" + port;
        // The workers start first and find out within a second or two of the coordinator listening; the coordinator's
        // --formation-timeout counts from then on, so it outlives them
        int formation = 7;
        int joinTimeout = 60;
        try (IcnProcess stranger = IcnProcess.start(tmp, tls("stranger", "icn-ca"), JVM, "worker", "--tls", "--join", seed,
                "--join-timeout", Integer.toString(joinTimeout));
                IcnProcess otherCluster = IcnProcess.start(tmp, tls("stranger", "other-ca"), JVM, "worker", "--tls", "--join",
                        seed, "--join-timeout", Integer.toString(joinTimeout));
                IcnProcess plain = IcnProcess.start(tmp, Map.of(), JVM, "worker", "--join", seed, "--join-timeout",
                        Integer.toString(joinTimeout));
                IcnProcess coordinator = IcnProcess.start(tmp, tls("coordinator", "icn-ca"), JVM, "coordinator", "--tls", "--bind",
                        seed, "--expect", "2", "--formation-timeout", Integer.toString(formation), scenario().toString(), "--json",
                        "--no-reports")) {
            // well within --join-timeout: each worker finds out that waiting cannot help
            Duration workerLimit = Duration.ofSeconds(30);
            for (IcnProcess w : List.of(stranger, otherCluster, plain)) {
                assertTrue(w.waitFor(workerLimit), () -> "ended within " + workerLimit.toSeconds() + " s: " + w.describe());
            }
            assertTrue(coordinator.waitFor(Duration.ofSeconds(formation + 30)), () -> "the coordinator gave up: " + coordinator.describe());
            for (IcnProcess p : List.of(coordinator, stranger, otherCluster, plain)) {
                System.out.printf("TlsClusterIT: %s: exit %d after %.1f s: %s%n", p.commandLine(), p.exitValue(), p.seconds(),
                        p.errLines());
            }
            assertAll(
                    () -> refused(stranger, "refused this member's certificate", "CN=stranger, issued by CN=other-ca"),
                    () -> refused(otherCluster, "does not trust the certificate of the seed", "CN=coordinator, issued by CN=icn-ca"),
                    () -> refused(plain, "uses TLS", "start this worker with --tls"),
                    // what the stranger's own handshake with the coordinator showed: it ends only once the coordinator refused it.
                    // The other two workers' connections are named as well when the coordinator got them before they ended, but
                    // that is a race (the worker without TLS may end before Akka made its first connection)
                    () -> refused(coordinator, "the cluster did not form within " + formation + " s", "1 of 2 members joined",
                            "TLS refused", "from 127.0.0.1: it showed no certificate signed by a CA in this member's trust store"));
            for (IcnProcess p : List.of(coordinator, stranger, otherCluster, plain)) {
                assertTrue(p.survivingDescendants(Duration.ofSeconds(5)).isEmpty(), p::describeDescendants);
            }
        }
    }

    /** A --tls member whose stores cannot be used ends before it starts Akka, with one line and exit code 2 (bad input). */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aMemberWhoseStoresCannotBeUsedEndsAtOnce() throws Exception {
        String seed = "127.0.0.1:" + ClusterMachines.freePort("127.0.0.1");
        Map<String, String> wrongPassword = new HashMap<>(tls("worker", "icn-ca"));
        wrongPassword.put("ICN_TLS_PASSWORD", PASSWORD + "-not");
        Map<String, String> noKey = new HashMap<>(tls("worker", "icn-ca"));
        noKey.put("ICN_TLS_KEYSTORE", keys.resolve("icn-ca-truststore.p12").toString());
        try (IcnProcess unset = IcnProcess.start(tmp, Map.of(), JVM, "worker", "--tls", "--join", seed);
                IcnProcess wrong = IcnProcess.start(tmp, wrongPassword, JVM, "worker", "--tls", "--join", seed);
                IcnProcess keyless = IcnProcess.start(tmp, noKey, JVM, "coordinator", "--tls", "--bind", seed, "--expect", "2",
                        scenario().toString(), "--json", "--no-reports")) {
            for (IcnProcess p : List.of(unset, wrong, keyless)) {
                assertTrue(p.waitFor(Duration.ofSeconds(30)), () -> "ended: " + p.describe());
            }
            assertAll(
                    () -> oneLine(unset, 2, "--tls", "ICN_TLS_KEYSTORE is not set"),
                    () -> oneLine(wrong, 2, "--tls", "cannot read the key store", "password was incorrect"),
                    () -> oneLine(keyless, 2, "--tls", "holds no private key"));
        }
    }

    /** Exit code 1, nothing on stdout, one line on stderr that contains every one of {@code words}. */
    private static void refused(IcnProcess p, String... words) {
        oneLine(p, 1, words);
    }

    /** Exit code {@code exit}, nothing on stdout, one line on stderr that contains every one of {@code words}. */
    private static void oneLine(IcnProcess p, int exit, String... words) {
        List<String> lines = p.errLinesWithoutProgress();
        assertAll(p.describe(),
                () -> assertEquals(exit, p.exitValue(), "exit code"),
                () -> assertEquals("", p.out(), "stdout"),
                () -> assertEquals(1, lines.size(), "one line on stderr"),
                () -> assertTrue(lines.size() == 1 && lines.get(0).startsWith("icn: "), "an icn error line"),
                () -> assertAll(Arrays.stream(words).map(w -> () -> assertTrue(lines.size() == 1 && lines.get(0).contains(w),
                        "says: " + w))));
    }
}
