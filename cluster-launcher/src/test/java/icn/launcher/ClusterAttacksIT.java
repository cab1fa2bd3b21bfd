package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.attack.Attacker;
import icn.launcher.attack.RawFrame;
import icn.launcher.cluster.Processes;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.HostProtocol;
import icn.protocols.wire.ManagerProtocol;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36 with real processes: the attacks that were seen to work on a standing cluster (a head and a worker on loopback, as every
 * user starts one), each sent at the running cluster. After each, the head and the worker live, nothing outside a results
 * directory is read or written, and a legitimate submission succeeds. The attacks on the API's limits (large bodies, thousands of
 * submissions and half-open connections, a flood without the token) are sent at a real API server in {@code ApiServerAttackTest};
 * the fuzzing of every serializer is {@code WireFuzzTest}.
 */
class ClusterAttacksIT {

    /** Kryo's int[] (registration id 100, written as 100 + 2) with a length of 2^31 - 2 (written as length + 1): six bytes. */
    static final byte[] SIX_BYTES = {0x66, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void everyAttackIsRefusedAndTheClusterServesOn() throws Exception {
        try (StandingCluster cluster = StandingCluster.start(tmp.resolve("c"), "--workers", "1")) {
            Path home = tmp.resolve("c").resolve("home");
            long head = cluster.headPid();
            JsonNode worker = cluster.workers().get(0);
            long workerPid = worker.path("pid").asLong();
            String headAddress = "akka://icn@" + cluster.record().path("akka").asText();
            String workerAddress = worker.path("address").asText();
            List<Long> members = List.of(head, workerPid);

            wireAttacks(home, headAddress, workerAddress);
            assertAlive(members, "after the wire's attacks");
            legitimate(cluster, "after the wire's attacks");

            apiAttacks(cluster);
            assertAlive(members, "after the attacks on the API");

            fileAttacks(cluster);
            assertAlive(members, "after the attacks through submissions");
            legitimate(cluster, "after the attacks through submissions");

            squatter(cluster, home);
        }
    }

    /** Frames that do not deserialize, to the head and to the worker; a halt from outside, with and without a member's certificate. */
    private void wireAttacks(Path home, String headAddress, String workerAddress) throws Exception {
        byte[] deep = new byte[2 * 100_000];
        for (int i = 0; i < deep.length; i += 2) {
            deep[i] = 0x6C; // Object[] (106 + 2)
            deep[i + 1] = 0x02; // of length 1
        }
        // a process holding a member's certificate (a rogue or stolen worker) gets its frames delivered: the members drop them
        try (Attacker rogue = Attacker.withStores(home.resolve("tls").resolve("worker-1"), true)) {
            for (String to : List.of(headAddress + "/user", workerAddress + "/user/hosts")) {
                rogue.send(to, new RawFrame(SIX_BYTES));
                rogue.send(to, new RawFrame(deep));
            }
            Thread.sleep(5000);
        }
        // without the cluster's certificates nothing is delivered at all (TLS refuses the connection); plain TCP the same
        try (Attacker outsider = Attacker.plain(true)) {
            outsider.send(headAddress + "/user", new RawFrame(SIX_BYTES));
            outsider.send(workerAddress + "/user/hosts", new RawFrame(SIX_BYTES));
            Thread.sleep(2000);
        }
        // a halt, by a process without certificates and by one with a member's certificate but not the coordinator's role
        try (Attacker outsider = Attacker.plain(false)) {
            outsider.send(workerAddress + "/user/hosts", new ManagerProtocol.Halt("an outsider's halt", outsider.<HostProtocol.Event>ownReference(),
                    1, 0));
            Thread.sleep(2000);
        }
        try (Attacker rogue = Attacker.withStores(home.resolve("tls").resolve("worker-1"), false)) {
            rogue.send(workerAddress + "/user/hosts", new ManagerProtocol.Halt("a rogue member's halt", rogue.<HostProtocol.Event>ownReference(),
                    1, 0));
            // naming an actor of the head as whom to answer does not help: the halt lacks the key of a run prepared there
            akka.actor.typed.ActorRef<HostProtocol.Event> forged = rogue.reference(headAddress + "/user/supervisor");
            rogue.send(workerAddress + "/user/hosts", new ManagerProtocol.Halt("a forged halt", forged, 1, 0));
            // nor does preparing a run of its own first, with a key of its own: the supervisor it names never confirms it
            rogue.send(workerAddress + "/user/hosts", new ManagerProtocol.PrepareRun(77, "scc:4", new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, 0),
                    Partition.Kind.SUPERNODE, new LinkLatency(1, 1), FaultPlan.NONE, 1, 0, 1, 1, forged, 4242L));
            Thread.sleep(500);
            rogue.send(workerAddress + "/user/hosts", new ManagerProtocol.Halt("a halt after a forged run", forged, 77, 4242L));
            // and a run that names an actor of the worker's own JVM as its supervisor is asked there, and not confirmed either
            rogue.send(workerAddress + "/user/hosts", new ManagerProtocol.PrepareRun(78, "scc:4", new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, 0),
                    Partition.Kind.SUPERNODE, new LinkLatency(1, 1), FaultPlan.NONE, 1, 0, 1, 1, rogue.reference(workerAddress + "/user/hosts"), 4343L));
            Thread.sleep(500);
            rogue.send(workerAddress + "/user/hosts", new ManagerProtocol.Halt("a halt after a run of its own JVM", rogue.reference(
                    workerAddress + "/user/hosts"), 78, 4343L));
            Thread.sleep(3000);
        }
        String logs = logs(home);
        assertTrue(logs.contains("refused a halt from"), "the worker got the rogue's halt and refused it:\n" + logs);
        assertTrue(logs.contains("refused a halt of run 1"), "the worker got the forged halt and refused it:\n" + logs);
        assertTrue(logs.contains("refused a halt of run 77"), "the worker refused the halt of a run it never confirmed:\n" + logs);
        assertTrue(logs.contains("refused a halt of run 78"), "and of a run naming its own JVM:\n" + logs);
        assertTrue(logs.contains("dropped a frame from another member that does not deserialize"), "the frames were dropped, said:\n" + logs);
    }

    /** The API as a web page would reach it: a CSRF-shaped POST and a DNS-rebinding-shaped Host, on the running head. */
    private void apiAttacks(StandingCluster cluster) throws Exception {
        int port = URI.create(cluster.record().path("api").asText()).getPort();
        String host = "127.0.0.1:" + port;
        assertEquals(403, raw(port, "POST /v1/cluster/stop HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: text/plain\r\nOrigin: http://evil.example"
                + "\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"));
        assertEquals(403, raw(port, "POST /v1/runs HTTP/1.1\r\nHost: rebind.evil.example:" + port + "\r\nContent-Type: text/plain\r\nOrigin: "
                + "http://rebind.evil.example:" + port + "\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"));
        assertEquals(401, raw(port, "GET /v1/runs HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n"),
                "on loopback too, nothing without the token");
        assertEquals(401, raw(port, "POST /v1/cluster/stop HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\nContent-Length: 2"
                + "\r\nConnection: close\r\n\r\n{}"));
    }

    /** Submissions that name what they did not send: a 0600 file of the head's user, @file, ${?VAR}, include, a ../ name. */
    private void fileAttacks(StandingCluster cluster) throws Exception {
        Path secret = tmp.resolve("secret.edges");
        Files.writeString(secret, "s3cret-first-line 0\n");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        for (List<String> args : List.of(List.of("topology", "--topology", "file:" + secret), List.of("broadcast", "@" + secret),
                List.of("broadcast", "--topology", "scc:4", "--out", tmp.resolve("elsewhere").toString()))) {
            StandingCluster.Answer r = submit(cluster, args, List.of());
            assertFalse(r.body().contains("s3cret"), r.body());
            assertTrue(r.statusCode() == 400 || r.statusCode() == 202 && endsWithoutSecret(cluster, r), args + ": " + r.statusCode() + " " + r.body());
        }
        assertFalse(Files.exists(tmp.resolve("elsewhere")), "nothing written where the submission said");
        String env = System.getenv("HOME") != null ? "HOME" : "PATH";
        String value = System.getenv(env);
        String token = cluster.record().path("token").asText();
        String marker = "escaped" + Long.toHexString(System.nanoTime());
        // each scenario would put what it reaches into its results directory's name, which the run's output names
        for (String scenario : List.of("name = ${?" + env + "}\n", "include file(\"" + tmp.resolve("c").resolve("home").resolve("cluster.json")
                + "\")\nname = ${token}\n", "name = \"../../../../../../../../" + marker + "\"\n", "name = \"../../../../../../../../tmp/" + marker
                + "\"\n")) {
            String conf = scenario + "topologies = [\"scc:4\"]\nalgorithms = [one-port]\n";
            StandingCluster.Answer r = submit(cluster, List.of("run", "mine.conf"), List.of(file("mine.conf", conf)));
            String all = r.body() + (r.statusCode() == 202 ? finalState(cluster, r) : "");
            assertFalse(value != null && value.length() > 3 && all.contains(value), "the head's environment stays out: " + all);
            assertFalse(all.contains(token), "the record stays out: " + all);
        }
        for (Path dir : List.of(Path.of("/"), Path.of("/tmp"), tmp, Path.of(System.getProperty("java.io.tmpdir")))) {
            try (Stream<Path> found = Files.list(dir)) {
                assertEquals(List.of(), found.filter(p -> p.getFileName().toString().startsWith(marker)).toList(), "no directory escaped to " + dir);
            }
        }
    }

    /** The head and its worker killed; another user's process takes the API's port: it must not receive the token. */
    private void squatter(StandingCluster cluster, Path home) throws Exception {
        int port = URI.create(cluster.record().path("api").asText()).getPort();
        String token = cluster.record().path("token").asText();
        for (long pid : cluster.alive()) {
            StandingCluster.signal(pid, "KILL");
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!cluster.alive().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ServerSocket squat = new ServerSocket()) {
            squat.setReuseAddress(true);
            // connections the head had accepted may linger a moment after its death: the squatter tries until the port is free
            long bindDeadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (!squat.isBound()) {
                try {
                    squat.bind(new InetSocketAddress("127.0.0.1", port));
                } catch (IOException e) {
                    if (System.nanoTime() > bindDeadline) {
                        throw e;
                    }
                    Thread.sleep(250);
                }
            }
            Thread t = new Thread(() -> listen(squat, heard), "squatter");
            t.setDaemon(true);
            t.start();
            // the record names a head that is gone: the next command clears it and sends nothing
            try (IcnProcess p = IcnProcess.start(tmp, cluster.env(), List.of("-Xmx256m"), "broadcast", "--topology", "scc:4", "--cluster")) {
                assertTrue(p.waitFor(Duration.ofSeconds(60)), p::describe);
                assertEquals(2, p.exitValue(), p::describe);
                assertTrue(String.join("\n", p.errLines()).contains("is gone"), p::describe);
            }
            assertFalse(Files.exists(home.resolve("cluster.json")), "the stale record is removed");
            // the address and token given by hand: the squatter cannot prove it knows the token, and is sent nothing
            Map<String, String> env = new HashMap<>(cluster.env());
            env.put("ICN_CLUSTER_TOKEN", token);
            try (IcnProcess p = IcnProcess.start(tmp, env, List.of("-Xmx256m"), "broadcast", "--topology", "scc:4", "--cluster",
                    "127.0.0.1:" + port)) {
                assertTrue(p.waitFor(Duration.ofSeconds(60)), p::describe);
                assertNotEquals(0, p.exitValue(), p::describe);
                assertTrue(String.join("\n", p.errLines()).contains("could not prove"), p::describe);
            }
        }
        String all = String.join("\n", heard);
        assertFalse(all.contains(token), "the squatter never received the token:\n" + all);
        assertFalse(all.toLowerCase(java.util.Locale.ROOT).contains("authorization"), all);
    }

    /** Accepts connections, keeps what each sent, answers as a head would but without the token's proof. */
    private static void listen(ServerSocket squat, List<String> heard) {
        while (!squat.isClosed()) {
            try (Socket s = squat.accept()) {
                s.setSoTimeout(3000);
                ByteArrayOutputStream got = new ByteArrayOutputStream();
                InputStream in = s.getInputStream();
                byte[] buf = new byte[8192];
                try {
                    for (int n; (n = in.read(buf)) > 0;) {
                        got.write(buf, 0, n);
                        if (got.toString(StandardCharsets.ISO_8859_1).contains("\r\n\r\n")) {
                            break;
                        }
                    }
                } catch (IOException e) {
                    // what came is what it got
                }
                heard.add(got.toString(StandardCharsets.ISO_8859_1));
                OutputStream out = s.getOutputStream();
                byte[] body = "{\"proof\":\"0000\",\"health\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.write(body);
            } catch (IOException e) {
                // closed
            }
        }
    }


    private StandingCluster.Answer submit(StandingCluster cluster, List<String> args, List<ObjectNode> files) throws Exception {
        ObjectNode body = Cli.JSON.createObjectNode();
        ArrayNode a = body.putArray("args");
        args.forEach(a::add);
        ArrayNode f = body.putArray("files");
        files.forEach(f::add);
        return cluster.api("POST", "/v1/runs", body.toString());
    }

    private static ObjectNode file(String path, String content) {
        ObjectNode o = Cli.JSON.createObjectNode();
        o.put("path", path);
        o.put("content", Base64.getEncoder().encodeToString(content.getBytes(StandardCharsets.UTF_8)));
        return o;
    }

    private boolean endsWithoutSecret(StandingCluster cluster, StandingCluster.Answer accepted) throws Exception {
        return !finalState(cluster, accepted).contains("s3cret");
    }

    /** The submission's events once it has ended (its stderr lines and stdout), as text. */
    private String finalState(StandingCluster cluster, StandingCluster.Answer accepted) throws Exception {
        String id = Cli.JSON.readTree(accepted.body()).path("id").asText();
        return cluster.api("GET", "/v1/runs/" + id + "/events", null).body();
    }

    private static int raw(int port, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(s.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
            return answer.startsWith("HTTP/1.1 ") ? Integer.parseInt(answer.substring(9, 12)) : -1;
        }
    }

    private static void legitimate(StandingCluster cluster, String when) throws Exception {
        StandingCluster.Result run = cluster.submit(Duration.ofSeconds(120), "broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--json");
        assertEquals(0, run.exit(), () -> when + ": " + run.describe());
        assertEquals(72, run.json().path("informed").asInt(), run::describe);
    }

    private static void assertAlive(List<Long> pids, String when) {
        for (long pid : pids) {
            assertTrue(Processes.alive(pid), "process " + pid + " lives " + when);
        }
    }

    /** Every log of the cluster (the head's, the workers'), as one text. */
    private static String logs(Path home) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> all = Files.walk(home)) {
            for (Path p : all.filter(p -> p.getFileName().toString().endsWith(".log")).toList()) {
                sb.append("== ").append(home.relativize(p)).append('\n').append(Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return sb.toString();
    }
}
