package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traffic through the node actors on one JVM and on a local cluster of three gives the sequential engine's per-message latencies
 * for the same seed (issue 13): the messages.csv files (every delivered message with its generation, injection and ejection steps)
 * are identical, with flits and credits crossing JVMs; and with nodes crashed and links cut under load, the same holds, and the
 * accounting balances per flit and per message.
 */
class TrafficClusterIT {

    private static final Duration LIMIT = Duration.ofSeconds(180);

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 400, unit = TimeUnit.SECONDS)
    void oneAndThreeJvmsDeliverEveryMessageAtTheSequentialEnginesSteps() throws Exception {
        String[] common = {"traffic", "--topology", "rnh:3,2", "--rates", "0.004,0.012", "--cycles", "2000", "--flits", "16", "--seed", "5",
                "--json"};
        compare(common);
    }

    @Test
    @Timeout(value = 400, unit = TimeUnit.SECONDS)
    void faultsUnderLoadAcrossThreeJvmsAreTheSequentialRun() throws Exception {
        String[] common = {"traffic", "--topology", "torus:6,2", "--rates", "0.01,0.03", "--cycles", "2000", "--flits", "8", "--seed", "9",
                "--crash-nodes", "2", "--cut-links", "3", "--json"};
        List<JsonNode> results = compare(common);
        for (JsonNode r : results) {
            for (JsonNode p : r.get("points")) {
                assertTrue(p.get("accounting").get("balanced").asBoolean(), p.toString());
                assertTrue(p.get("messageAccounting").get("balanced").asBoolean(), p.toString());
                assertTrue(p.get("messageAccounting").get("undeliverable").asLong() > 0, "crashed nodes leave messages undeliverable: " + p);
            }
        }
    }

    /**
     * Issue 32's routings from labels on 1 and 3 JVMs, each against the sequential engine message by message: SCC_n's adaptive and
     * random (000 §6), CCC_n's adaptive, and the incomplete n:k cube's one-to-one.
     */
    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void issue32sRoutingsOnOneAndThreeJvmsAreTheSequentialRun() throws Exception {
        String[][] runs = {{"scc:4", "adaptive", "0.01"}, {"scc:4", "random", "0.01"}, {"ccc:4", "adaptive", "0.015"},
            {"icube:5,3,2", "one-to-one", "0.01"}};
        for (String[] r : runs) {
            compare(r[0] + "-" + r[1], new String[] {"traffic", "--topology", r[0], "--routing", r[1], "--rates", r[2], "--cycles", "1500",
                "--flits", "8", "--seed", "3", "--json"});
        }
    }

    private List<JsonNode> compare(String[] common) throws Exception {
        return compare("", common);
    }

    /** Runs sequential, 1 JVM and 3 JVMs at once; checks messages.csv byte for byte and cross-JVM traffic; returns the JSONs. */
    private List<JsonNode> compare(String label, String[] common) throws Exception {
        Path seqOut = tmp.resolve(label + "seq");
        Path oneOut = tmp.resolve(label + "one");
        Path threeOut = tmp.resolve(label + "three");
        List<JsonNode> results = new ArrayList<>();
        try (IcnProcess seq = IcnProcess.start(tmp, "-Xmx512m", with(common, "--engine", "sequential", "--out", seqOut.toString()));
                IcnProcess one = IcnProcess.start(tmp, "-Xmx512m", with(common, "--jvms", "1", "--out", oneOut.toString()));
                IcnProcess three = IcnProcess.start(tmp, "-Xmx512m", with(common, "--jvms", "3", "--out", threeOut.toString()))) {
            for (IcnProcess p : List.of(seq, one, three)) {
                assertTrue(p.waitFor(LIMIT), p::describe);
                assertEquals(0, p.exitValue(), p::describe);
                results.add(p.json());
            }
        }
        String seqMessages = Files.readString(messages(seqOut));
        assertTrue(seqMessages.lines().count() > 100, "a loaded run");
        assertEquals(seqMessages, Files.readString(messages(oneOut)), label + " 1 JVM: every message at the sequential engine's steps");
        assertEquals(seqMessages, Files.readString(messages(threeOut)), label + " 3 JVMs: every message at the sequential engine's steps");
        JsonNode three = results.get(2);
        assertEquals(3, three.get("jvms").asInt());
        assertTrue(three.get("points").get(0).get("crossJvmMessages").asLong() > 0, "flits and credits crossed JVMs: " + three);
        for (int i = 0; i < results.get(0).get("points").size(); i++) {
            for (String field : List.of("latency", "networkLatency", "sourceQueue", "offered", "accepted", "accounting", "messageAccounting")) {
                assertEquals(results.get(0).get("points").get(i).get(field), three.get("points").get(i).get(field), field);
            }
        }
        return results;
    }

    private static Path messages(Path out) throws Exception {
        try (Stream<Path> s = Files.list(out)) {
            return s.findFirst().orElseThrow().resolve("messages.csv");
        }
    }

    private static String[] with(String[] args, String... more) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}
