package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.cluster.ClusterMachines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Latency between the members of a standing cluster, through a delaying TCP relay in front of each (this kernel has no netem): every
 * member listens on its own port and is known to the others by its relay's, 1 ms each way. The workers are started from a host
 * file through a stand-in for ssh that runs the command here. Runs across the two workers measure what the sequential engine
 * measures; the test prints what the relays cost each step (the step barrier), against the same runs on a cluster without them.
 */
class StandingClusterLatencyIT {

    private static final Duration RUN = Duration.ofSeconds(300);
    private static final Duration DELAY = Duration.ofMillis(1);

    @TempDir
    Path tmp;

    private static final List<String> BROADCAST = List.of("broadcast", "--topology", "scc:6", "--algorithm", "one-port", "--json");
    private static final List<String> TRAFFIC = List.of("traffic", "--topology", "torus:4,2", "--routing", "dimension-order", "--rates",
            "0.02", "--cycles", "800", "--json");

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void oneMillisecondEachWayChangesNothingMeasuredAndCostsEachStepItsBarrier() throws Exception {
        Path ssh = tmp.resolve("local-ssh");
        Files.writeString(ssh, "#!/bin/sh\n# a stand-in for ssh: runs the remote command on this machine\nshift\nexec /bin/sh -c \"$1\"\n");
        Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwx------"));
        int head = ClusterMachines.freePort("127.0.0.1");
        int headRelay = ClusterMachines.freePort("127.0.0.1");
        int[] worker = {ClusterMachines.freePort("127.0.0.1"), ClusterMachines.freePort("127.0.0.1")};
        int[] workerRelay = {ClusterMachines.freePort("127.0.0.1"), ClusterMachines.freePort("127.0.0.1")};
        List<String> hosts = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            hosts.add("127.0.0.1 port=" + worker[i] + " advertise=127.0.0.1:" + workerRelay[i] + " heap=1g");
        }
        Path hostFile = Files.writeString(tmp.resolve("hosts"), String.join("\n", hosts) + "\n");
        List<DelayRelay> relays = new ArrayList<>();
        double relayed;
        try {
            relays.add(DelayRelay.start(headRelay, head, DELAY));
            for (int i = 0; i < 2; i++) {
                relays.add(DelayRelay.start(workerRelay[i], worker[i], DELAY));
            }
            try (StandingCluster cluster = StandingCluster.start(tmp.resolve("relayed"), java.util.Map.of(), "--hosts", hostFile.toString(),
                    "--bind", "127.0.0.1:" + head, "--advertise", "127.0.0.1:" + headRelay, "--ssh", ssh.toString())) {
                JsonNode status = cluster.status(false);
                assertEquals(2, status.path("workers").size(), status::toString);
                status.path("workers").forEach(w -> assertTrue(w.path("address").asText().endsWith(":" + workerRelay[0])
                        || w.path("address").asText().endsWith(":" + workerRelay[1]), "known by its relay's address: " + w));
                same(cluster, BROADCAST);
                relayed = secondsPerStep(same(cluster, TRAFFIC));
                assertEquals(List.of(), cluster.stop(), "processes of the relayed cluster still alive after icn cluster stop");
            }
        } finally {
            for (DelayRelay r : relays) {
                r.close();
            }
        }
        double direct;
        try (StandingCluster cluster = StandingCluster.start(tmp.resolve("direct"), "--workers", "2")) {
            // the faster of two runs: a run slowed by something else on the machine would hide the barrier's cost
            direct = Math.min(secondsPerStep(same(cluster, TRAFFIC)), secondsPerStep(same(cluster, TRAFFIC)));
            assertEquals(List.of(), cluster.stop());
        }
        System.out.printf("StandingClusterLatencyIT: per step, %.3f ms through relays of %d ms each way, %.3f ms without: the step barrier"
                + " costs %.3f ms more per step%n", relayed * 1e3, DELAY.toMillis(), direct * 1e3, (relayed - direct) * 1e3);
        assertTrue(relayed - direct >= 0.9 * DELAY.toMillis() / 1e3, "each step waits at least one delay for its peers' batches");
    }

    /** The command on the cluster and on the sequential engine here: the same measurements; the cluster's result. */
    private static JsonNode same(StandingCluster cluster, List<String> command) throws Exception {
        List<String> spread = new ArrayList<>(command);
        spread.addAll(List.of("--jvms", "2")); // a job holds one worker unless it asks for more: each run across both
        StandingCluster.Result onCluster = cluster.submit(RUN, spread.toArray(String[]::new));
        List<String> sequential = new ArrayList<>(command);
        sequential.addAll(List.of("--engine", "sequential"));
        StandingCluster.Result reference = cluster.local(RUN, sequential.toArray(String[]::new));
        assertEquals(0, onCluster.exit(), onCluster::describe);
        assertEquals(StandingCluster.measured(reference.json()), StandingCluster.measured(onCluster.json()),
                "icn " + String.join(" ", command) + " through the relays and on the sequential engine");
        assertEquals(2, onCluster.json().findValue("jvms").asInt(), "ran across both workers");
        return onCluster.json();
    }

    /** A traffic run's run seconds per step (its one point). */
    private static double secondsPerStep(JsonNode traffic) {
        JsonNode point = traffic.path("points").get(0);
        return point.path("runSeconds").asDouble() / point.path("lastStep").asLong();
    }
}
